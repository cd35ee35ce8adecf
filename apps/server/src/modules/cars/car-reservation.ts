/**
 * A car held for the buyer whose offer its seller accepted (modules/offers): reserved, it answers
 * as such in its page and cards, and takes no other offer until it is released or sold.
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { publish } from '../../events/index.ts';
import { cars } from './cars.schema.ts';

/** Reserves the car, when it is for sale and free; answers whether it did. Run it holding the car's lock. */
export async function reserveCar(tx: Tx, carId: string) {
  const reserved = await tx
    .update(cars)
    .set({ reservedAt: new Date() })
    .where(and(eq(cars.id, carId), isNull(cars.reservedAt), isNull(cars.soldAt)))
    .returning({ id: cars.id });
  if (reserved.length === 0) return false;
  await publish(tx, 'car.updated', { carId, reservation: true });
  return true;
}

/** Frees the car of its reservation (released, or sold: a car relisted later is free). */
export async function releaseCar(tx: Db | Tx, carId: string) {
  const released = await tx
    .update(cars)
    .set({ reservedAt: null })
    .where(and(eq(cars.id, carId), isNotNull(cars.reservedAt)))
    .returning({ id: cars.id });
  if (released.length > 0) await publish(tx, 'car.updated', { carId, reservation: true });
}
