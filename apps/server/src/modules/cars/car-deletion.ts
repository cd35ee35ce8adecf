/** The one deletion rule for cars, used by sellers, admins (reported cars) and user deletion. */
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { publish } from '../../events/index.ts';
import { cars, removedCars } from './cars.schema.ts';

/**
 * Removes cars with what hangs on them: advertisements, saved cars and reports go by cascade;
 * bookings stay for their people and for accounting (their car id becomes null), those still
 * ahead cancelled and, paid, refunded by the reactions to `car.deleted`. Their ids stay, in
 * `removed_cars`: their pages answer 410 Gone.
 */
async function deleteCarsWhere(tx: Tx, where: SQL) {
  // Lock the cars first: a booking made on one of them meanwhile waits, then finds it gone.
  const doomed = await tx.select({ id: cars.id }).from(cars).where(where).for('update');
  if (doomed.length === 0) return [];
  // Published before the rows go: its reactions read the car's bookings (the locks keep them).
  for (const { id } of doomed) await publish(tx, 'car.deleted', { carId: id });
  const deleted = await tx
    .delete(cars)
    .where(
      inArray(
        cars.id,
        doomed.map((c) => c.id),
      ),
    )
    .returning({ id: cars.id });
  // Its page answers 410 Gone from now on (cars.service.ts, `getCar`).
  if (deleted.length > 0) await tx.insert(removedCars).values(deleted.map(({ id }) => ({ carId: id })));
  return deleted;
}

/** Deletes the car by the rule above; answers the deleted cars (none when it had gone). */
export function removeCar(tx: Tx, id: string) {
  return deleteCarsWhere(tx, eq(cars.id, id));
}

/** Deletes every car of the seller by the rule above (their account's deletion). */
export function removeCarsOfSeller(tx: Tx, sellerId: string) {
  return deleteCarsWhere(tx, eq(cars.sellerId, sellerId));
}

/**
 * Locks every car of the seller until the transaction ends, as the deletion locks them: taken
 * before the seller's own row, in the order bookings take them.
 */
export async function lockCarsOfSeller(tx: Tx, sellerId: string) {
  await tx.select({ id: cars.id }).from(cars).where(eq(cars.sellerId, sellerId)).for('update');
}
