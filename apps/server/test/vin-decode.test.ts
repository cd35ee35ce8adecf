import {
  NOT_A_VIN_MESSAGE,
  type VehicleMake,
  VIN_CHARACTERS_MESSAGE,
  VIN_CHECK_DIGIT_MESSAGE,
  vehicleMakeListSchema,
  vehicleModelListSchema,
  vinDecodeSchema,
} from '@redline/shared';
import { describe, expect } from 'vitest';
import { it } from './fixtures.ts';
import { as, errorOf, signUpUser, type TestApp, type TestUser } from './helpers.ts';

/** The vPIC database is unpacked before the tests start (test/global-setup.ts). */
const decode = (t: TestApp, user: TestUser | undefined, vin: string) =>
  as(t, user, { method: 'GET', url: `/api/vehicles/vin/${encodeURIComponent(vin)}` });

async function catalogueIds(t: TestApp, make: string, model: string) {
  const makes = vehicleMakeListSchema.parse(
    (await as(t, undefined, { method: 'GET', url: '/api/vehicles/makes', query: { q: make } })).json(),
  ).items;
  const found = makes.find((entry: VehicleMake) => entry.name === make)!;
  const models = vehicleModelListSchema.parse(
    (
      await as(t, undefined, {
        method: 'GET',
        url: `/api/vehicles/makes/${found.id}/models`,
        query: { q: model },
      })
    ).json(),
  ).items;
  return { makeId: found.id, modelId: models.find((entry) => entry.name === model)!.id };
}

describe('GET /api/vehicles/vin/:vin', () => {
  it('requires a session, and is for sellers and admins', async ({ t, buyer, admin }) => {
    expect((await decode(t, undefined, '1HGCM82633A004352')).statusCode).toBe(401);
    expect((await decode(t, buyer, '1HGCM82633A004352')).statusCode).toBe(403);
    expect((await decode(t, admin, '1HGCM82633A004352')).statusCode).toBe(200);
  });

  it("decodes a US-built car's VIN, written as a person would, into the form's values linked to the catalogue", async ({
    t,
    seller,
  }) => {
    const res = await decode(t, seller, '1hgcm826 33a004352');
    expect(res.statusCode).toBe(200);
    // A 2003 Honda Accord EX-V6 coupe, built in Marysville, Ohio: vPIC's own example VIN.
    expect(vinDecodeSchema.parse(res.json())).toEqual({
      vin: '1HGCM82633A004352',
      year: 2003,
      brand: 'Honda',
      model: 'Accord',
      ...(await catalogueIds(t, 'Honda', 'Accord')),
      trim: 'EX-V6',
      bodyStyle: 'Coupe',
      engine: 'V6',
      fuel: 'Petrol',
      drivetrain: null,
      transmission: null,
      doors: 2,
    });
  });

  it('decodes a 2019 Porsche 911 built for the United States', async ({ t, seller }) => {
    const res = await decode(t, seller, 'WP0AB2A93KS114315');
    expect(res.json()).toMatchObject({
      year: 2019,
      brand: 'Porsche',
      model: '911',
      ...(await catalogueIds(t, 'Porsche', '911')),
      bodyStyle: 'Coupe',
      engine: '3.0 L 6-cylinder',
      fuel: 'Petrol',
      doors: 2,
    });
  });

  it('gives the make and year of a European VIN, whose 9th character is no check digit, when vPIC knows no more', async ({
    t,
    seller,
  }) => {
    // A 2003 Volkswagen Golf built for Europe (the example of Wikipedia's "Vehicle identification number").
    const res = await decode(t, seller, 'WVWZZZ1JZ3W386752');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      vin: 'WVWZZZ1JZ3W386752',
      year: 2003,
      brand: 'Volkswagen',
      model: null,
    });
  });

  it('refuses a malformed VIN with the reason, and a chassis number, which is never decoded', async ({
    t,
    seller,
  }) => {
    for (const [vin, message] of [
      ['1HGCM82633A004353', VIN_CHECK_DIGIT_MESSAGE],
      ['1HGCM82633AOO4352', VIN_CHARACTERS_MESSAGE],
      ['911-300123', NOT_A_VIN_MESSAGE],
      ['1HGCM82633A0043521', NOT_A_VIN_MESSAGE],
    ]) {
      const res = await decode(t, seller, vin!);
      expect(res.statusCode, vin).toBe(400);
      expect(errorOf(res).fields).toEqual({ vin: message });
    }
  });

  it('answers 404 for a VIN whose maker vPIC does not know', async ({ t, seller }) => {
    const res = await decode(t, seller, 'ZZZ11111111111111');
    expect(res.statusCode).toBe(404);
  });

  it('decodes 30 VINs a minute per seller, then answers 429, however many are asked at once', async ({
    t,
  }) => {
    const [busy, other] = [await signUpUser(t, 'Seller'), await signUpUser(t, 'Seller')];
    const answers = await Promise.all(Array.from({ length: 35 }, () => decode(t, busy, 'ZZZ11111111111111')));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(30).fill(404), ...Array<number>(5).fill(429)]);
    expect(answers.find((res) => res.statusCode === 429)!.headers['retry-after']).toBeDefined();
    expect((await decode(t, busy, 'ZZZ11111111111111')).statusCode).toBe(429);
    expect((await decode(t, other, 'ZZZ11111111111111')).statusCode).toBe(404);
  });
});
