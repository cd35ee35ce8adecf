import { readFileSync } from 'node:fs';
import {
  CAR_YEAR_MIN,
  carFieldsSchema,
  DRIVETRAINS,
  FUELS,
  TITLE_STATUSES,
  TRANSMISSIONS,
  VIN_FROM_YEAR,
  VIN_LENGTH,
  vinCheckDigit,
  vinYearCharacter,
} from '@redline/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  CAR_PHOTO_HEIGHT,
  CAR_PHOTO_WIDTH,
  CAR_SHAPES,
  CAR_VIEWS,
  CATEGORY_IMAGE_HEIGHT,
  CATEGORY_IMAGE_WIDTH,
  type CarPhotoSpec,
  carPhotoSvg,
  categoryIconSvg,
  categoryImageSvg,
  renderWebp,
} from './art.ts';
import { DEMO_CARS, DEMO_CATEGORIES, DEMO_PASSWORD, DEMO_USERS } from './demo-data.ts';

async function expectWebp(buf: Buffer, width: number, height?: number): Promise<void> {
  const meta = await sharp(buf).metadata();
  expect(meta.format).toBe('webp');
  expect(meta.width).toBe(width);
  if (height !== undefined) expect(Math.abs((meta.height ?? 0) - height)).toBeLessThanOrEqual(1);
}

/** Mean channel spread: a blank or single-colour image has almost none. */
async function contrast(buf: Buffer): Promise<number> {
  const stats = await sharp(buf).stats();
  return stats.channels.slice(0, 3).reduce((sum, c) => sum + c.stdev, 0) / 3;
}

// Rasterising is CPU-bound; leave room for a busy CI machine.
const RENDER = { timeout: 60_000 };

describe('category art', RENDER, () => {
  it.each(DEMO_CATEGORIES.map((c) => c.id))('renders the icon and banner of %s', async (id) => {
    const icon = categoryIconSvg(id);
    expect(icon).toContain('viewBox="0 0 64 64"');
    await expectWebp(await renderWebp(icon, 128), 128, 128);

    const banner = await renderWebp(categoryImageSvg(id), 600);
    await expectWebp(banner, 600, Math.round((600 * CATEGORY_IMAGE_HEIGHT) / CATEGORY_IMAGE_WIDTH));
    expect(await contrast(banner)).toBeGreaterThan(10);
  });

  it('gives every category its own icon and banner', () => {
    const ids = DEMO_CATEGORIES.map((c) => c.id);
    expect(new Set(ids.map(categoryIconSvg)).size).toBe(ids.length);
    expect(new Set(ids.map(categoryImageSvg)).size).toBe(ids.length);
  });
});

describe('car photos', RENDER, () => {
  const samples: CarPhotoSpec[] = CAR_SHAPES.map((shape, i) => {
    const car = DEMO_CARS.find((c) => c.shape === shape) ?? DEMO_CARS[0]!;
    return {
      brand: car.brand,
      model: car.model,
      colour: car.colour,
      shape,
      seed: i * 7 + 1,
      view: CAR_VIEWS[i % CAR_VIEWS.length]!,
    };
  });

  it.each(samples.map((s) => [`${s.shape} ${s.view}`, s] as const))(
    'renders a %s view to WebP at card and detail widths',
    async (_label, spec) => {
      const svg = carPhotoSvg(spec);
      expect(svg).toContain(`width="${CAR_PHOTO_WIDTH}"`);
      const card = await renderWebp(svg, 480);
      await expectWebp(card, 480, Math.round((480 * CAR_PHOTO_HEIGHT) / CAR_PHOTO_WIDTH));
      expect(await contrast(card)).toBeGreaterThan(10);
    },
  );

  it('renders at full detail width', async () => {
    const spec = samples[0]!;
    await expectWebp(
      await renderWebp(carPhotoSvg({ ...spec, view: 'side' }), CAR_PHOTO_WIDTH),
      CAR_PHOTO_WIDTH,
      CAR_PHOTO_HEIGHT,
    );
  });

  it('is deterministic and varies with the view and the seed', () => {
    const spec = samples[1]!;
    expect(carPhotoSvg(spec)).toBe(carPhotoSvg(spec));
    const views = new Set(CAR_VIEWS.map((view) => carPhotoSvg({ ...spec, view })));
    expect(views.size).toBe(CAR_VIEWS.length);
    const seeds = new Set([1, 2, 3, 4, 5, 6].map((seed) => carPhotoSvg({ ...spec, seed })));
    expect(seeds.size).toBeGreaterThan(1);
  });

  it('escapes lettering and survives a bad colour', async () => {
    const svg = carPhotoSvg({
      brand: 'A&B <Motors>',
      model: '"Quoted" \'one\'',
      colour: 'not-a-colour',
      shape: 'sedan',
      seed: 3,
      view: 'rear',
    });
    expect(svg).not.toContain('<Motors>');
    expect(svg).toContain('A&amp;B');
    await expectWebp(await renderWebp(svg, 320), 320);
  });

  it('rejects a width that is not a positive integer', async () => {
    await expect(renderWebp(categoryIconSvg('super-car'), 0)).rejects.toThrow(RangeError);
  });
});

describe('demo data', () => {
  it('has the seven categories in order', () => {
    expect(DEMO_CATEGORIES.map((c) => [c.id, c.name])).toEqual([
      ['daily-commuter', 'Daily Commuter'],
      ['eco-friendly', 'Eco Friendly'],
      ['family-car', 'Family Car'],
      ['grand-tourer', 'Grand Tourer'],
      ['performance', 'Performance'],
      ['special-edition', 'Special Edition'],
      ['super-car', 'Super Car'],
    ]);
  });

  it('has one admin, sellers and buyers with lower-case redline.test emails', () => {
    const byRole = (role: string) => DEMO_USERS.filter((u) => u.role === role);
    expect(byRole('Admin')).toEqual([
      { name: 'Ada Admin', email: 'admin@redline.test', role: 'Admin', isVerified: true },
    ]);
    expect(byRole('Seller')).toHaveLength(3);
    expect(byRole('Seller').some((u) => !u.isVerified)).toBe(true);
    expect(byRole('Buyer')).toHaveLength(2);
    expect(DEMO_USERS).toContainEqual({
      name: 'Ben Buyer',
      email: 'buyer@redline.test',
      role: 'Buyer',
      isVerified: false,
    });
    expect(DEMO_USERS).toContainEqual(
      expect.objectContaining({ name: 'Marquee Motors', role: 'Seller', isVerified: true }),
    );
    for (const u of DEMO_USERS) expect(u.email).toMatch(/^[a-z0-9.]+@redline\.test$/);
    expect(new Set(DEMO_USERS.map((u) => u.email)).size).toBe(DEMO_USERS.length);
    expect(DEMO_PASSWORD).toBe('redline-demo');
  });

  it('covers every category with at least three cars', () => {
    expect(DEMO_CARS.length).toBeGreaterThanOrEqual(32);
    for (const c of DEMO_CATEGORIES) {
      expect(DEMO_CARS.filter((car) => car.categoryId === c.id).length).toBeGreaterThanOrEqual(3);
    }
    const ids = new Set(DEMO_CATEGORIES.map((c) => c.id));
    for (const car of DEMO_CARS) expect(ids.has(car.categoryId)).toBe(true);
  });

  it('has integer prices in cents with the original price above the asking price', () => {
    for (const car of DEMO_CARS) {
      expect(Number.isInteger(car.askingPrice)).toBe(true);
      expect(Number.isInteger(car.originalPrice)).toBe(true);
      expect(car.askingPrice).toBeGreaterThan(0);
      expect(car.originalPrice).toBeGreaterThanOrEqual(car.askingPrice);
    }
  });

  it('lists only sellers as owners', () => {
    const sellers = new Set(DEMO_USERS.filter((u) => u.role === 'Seller').map((u) => u.email));
    for (const car of DEMO_CARS) expect(sellers.has(car.sellerEmail)).toBe(true);
    // Every seller has stock to show.
    for (const email of sellers) expect(DEMO_CARS.some((c) => c.sellerEmail === email)).toBe(true);
  });

  it('has plausible specs and copy', () => {
    const fuels = new Set(DEMO_CARS.map((c) => c.fuel));
    expect([...fuels].sort()).toEqual([...FUELS].sort());
    for (const car of DEMO_CARS) {
      expect(car.year).toBeGreaterThanOrEqual(CAR_YEAR_MIN);
      expect(car.year).toBeLessThanOrEqual(2025);
      expect(Number.isInteger(car.topSpeed) && car.topSpeed > 100 && car.topSpeed < 400).toBe(true);
      expect(Number.isInteger(car.kmDriven) && car.kmDriven >= 0).toBe(true);
      expect(car.about.length).toBeGreaterThanOrEqual(150);
      expect(car.about.length).toBeLessThanOrEqual(400);
      expect(car.colour).toMatch(/^#[0-9a-f]{6}$/);
      expect(CAR_SHAPES).toContain(car.shape);
      expect(car.photoCount).toBeGreaterThanOrEqual(2);
      expect(car.photoCount).toBeLessThanOrEqual(4);
      expect(Number.isInteger(car.addedDaysAgo) && car.addedDaysAgo >= 0 && car.addedDaysAgo <= 60).toBe(
        true,
      );
    }
    expect(new Set(DEMO_CARS.map((c) => c.addedDaysAgo)).size).toBe(DEMO_CARS.length);
    const advertised = DEMO_CARS.filter((c) => c.advertised).length;
    expect(advertised).toBeGreaterThanOrEqual(8);
    expect(advertised).toBeLessThanOrEqual(12);
  });

  it('gives every car every field a seller fills in, each valid as posted', () => {
    // The seed places each car (apps/server/src/seed/demo-places.ts; seed.test.ts checks every one has a
    // place). A stock number is a dealer's own reference, which the demo's cars do without.
    const everyField = carFieldsSchema
      .omit({ photos: true, postalCode: true, deliveryRadiusKm: true, stockNumber: true })
      .required();
    for (const car of DEMO_CARS) {
      const parsed = everyField.safeParse(car);
      expect(parsed.error?.issues, `${car.year} ${car.brand} ${car.model}`).toBeUndefined();
      expect(parsed.data?.vin).toBe(car.vin);
      if (car.trim !== null) expect(car.trim.trim()).toBe(car.trim);
    }
  });

  it('gives cars from 1981 on a valid VIN of their model year, older cars a chassis number', () => {
    for (const car of DEMO_CARS) {
      const name = `${car.year} ${car.brand} ${car.model}`;
      if (car.year < VIN_FROM_YEAR) {
        expect(car.vin.length, name).not.toBe(VIN_LENGTH);
        continue;
      }
      expect(car.vin, name).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
      expect(car.vin[8], name).toBe(vinCheckDigit(car.vin));
      expect(car.vin[9], name).toBe(vinYearCharacter(car.year));
    }
    expect(new Set(DEMO_CARS.map((c) => c.vin)).size).toBe(DEMO_CARS.length);
  });

  it('spells every make and model as the vehicle catalogue names them', () => {
    const catalogue: { makes: { name: string; models: string[] }[] } = JSON.parse(
      readFileSync(
        new URL('../../../apps/server/src/modules/vehicles/vehicle-catalogue.json', import.meta.url),
        'utf8',
      ),
    );
    for (const car of DEMO_CARS) {
      const make = catalogue.makes.find((m) => m.name === car.brand);
      expect(make?.models, `${car.brand} ${car.model}`).toContain(car.model);
    }
  });

  it('has something for every filter to show: classics, every transmission and drivetrain, varied titles and owners', () => {
    expect(DEMO_CARS.filter((c) => c.year < VIN_FROM_YEAR).length).toBeGreaterThanOrEqual(4);
    expect(new Set(DEMO_CARS.map((c) => c.transmission))).toEqual(new Set(TRANSMISSIONS));
    expect(new Set(DEMO_CARS.map((c) => c.drivetrain))).toEqual(new Set(DRIVETRAINS));
    expect(new Set(DEMO_CARS.map((c) => c.titleStatus))).toEqual(new Set(TITLE_STATUSES));
    const clean = DEMO_CARS.filter((c) => c.titleStatus === 'Clean').length;
    expect(clean / DEMO_CARS.length).toBeGreaterThan(0.8);
    expect(new Set(DEMO_CARS.map((c) => c.previousOwners)).size).toBeGreaterThanOrEqual(5);
  });
});
