/**
 * Where the demo cars stand and their sellers are (issue 47): real ZIP codes of a dozen metros, the
 * cars taken in turn, a few delivered. A database seeded before cars had places (migration 0028)
 * gets them when it next starts with demo data on (first-start.ts) or is seeded again: only the
 * demo accounts' rows still without one are touched.
 */
import { DEMO_CARS } from '@redline/demo-art/data';
import { kmFrom } from '@redline/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { cars, users } from '../db/schema.ts';
import { publish } from '../events/index.ts';
import { type LocatedPlace, placeOf } from '../places/gazetteer.ts';

const CAR_POSTAL_CODES = [
  '90210', // Beverly Hills
  '33131', // Miami
  '10019', // New York
  '75201', // Dallas
  '60611', // Chicago
  '94301', // Palo Alto
  '92660', // Newport Beach
  '33480', // Palm Beach
  '11201', // Brooklyn
  '77019', // Houston
  '94109', // San Francisco
  '85251', // Scottsdale
];

/** Every fifth car is delivered, as far as the choices of the post form go (100 or 250 mi). */
const deliveryOf = (index: number) =>
  index % 5 === 0 ? kmFrom(index % 10 === 0 ? 250 : 100, 'imperial') : null;

/** The demo sellers' default locations (US ZIP codes): their showrooms, and a private seller's home. */
const SELLER_POSTAL_CODES: Record<string, string> = {
  'sales@redline.test': '90210',
  'apex@redline.test': '33131',
  'priya@redline.test': '60611',
};

function known(postalCode: string): LocatedPlace {
  const place = placeOf(postalCode);
  if (!place) throw new Error(`The gazetteer lacks the demo ZIP code ${postalCode}`);
  return place;
}

/** The place columns of the demo car at `index` of DEMO_CARS. */
export function demoCarPlace(index: number) {
  return {
    ...known(CAR_POSTAL_CODES[index % CAR_POSTAL_CODES.length]!),
    deliveryRadiusKm: deliveryOf(index),
  };
}

/** Places the demo sellers and the demo cars that have no place yet; answers how many cars it placed. */
export async function placeDemoData(db: Db): Promise<number> {
  for (const [email, postalCode] of Object.entries(SELLER_POSTAL_CODES)) {
    await db
      .update(users)
      .set({ postalCode, country: 'US' })
      .where(and(eq(users.email, email), eq(users.isDemo, true), isNull(users.postalCode)));
  }
  const unplaced = await db
    .select({ id: cars.id, brand: cars.brand, model: cars.model, year: cars.year, email: users.email })
    .from(cars)
    .innerJoin(users, eq(users.id, cars.sellerId))
    .where(and(eq(users.isDemo, true), isNull(cars.postalCode)));
  let placed = 0;
  for (const car of unplaced) {
    const index = DEMO_CARS.findIndex(
      (demo) =>
        demo.sellerEmail === car.email &&
        demo.brand === car.brand &&
        demo.model === car.model &&
        demo.year === car.year,
    );
    if (index < 0) continue; // a car a demo seller posted by hand: theirs to place
    await db.transaction(async (tx) => {
      await tx.update(cars).set(demoCarPlace(index)).where(eq(cars.id, car.id));
      await publish(tx, 'car.updated', { carId: car.id });
    });
    placed += 1;
  }
  return placed;
}
