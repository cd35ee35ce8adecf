import { placeSchema } from '@redline/shared';
import { describe, expect } from 'vitest';
import { it } from './fixtures.ts';
import { as, errorOf } from './helpers.ts';

describe('GET /api/places/:postalCode', () => {
  it("answers anyone a ZIP code's city and state, a ZIP+4 by its five digits, and never its coordinates", async ({
    t,
  }) => {
    for (const code of ['90210', '90210-1234']) {
      const res = await as(t, undefined, { method: 'GET', url: `/api/places/${code}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toStrictEqual(
        placeSchema.parse({ postalCode: '90210', country: 'US', city: 'Beverly Hills', region: 'CA' }),
      );
    }
  });

  it('answers 404 for a ZIP code the gazetteer does not know, and 400 for what is no ZIP code', async ({
    t,
  }) => {
    const unknown = await as(t, undefined, { method: 'GET', url: '/api/places/00000' });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe('The ZIP code 00000 was not found.');
    const malformed = await as(t, undefined, { method: 'GET', url: '/api/places/SW1A1AA' });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).fields).toEqual({ postalCode: 'Enter a 5-digit ZIP code' });
  });
});
