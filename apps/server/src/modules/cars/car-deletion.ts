/** The one deletion rule for cars, used by sellers, admins (reported cars) and user deletion. */
import { and, inArray, not, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookings, cars } from '../../db/schema.ts';
import { publish } from '../../events/index.ts';

/**
 * Removes cars with what hangs on them: advertisements, saved cars and reports go by cascade,
 * unpaid bookings are deleted, paid bookings stay (their car id becomes null) for accounting.
 */
export async function deleteCarsWhere(tx: Tx, where: SQL) {
  // Lock the cars first: a booking made on one of them meanwhile waits, then finds it gone.
  const doomed = await tx.select({ id: cars.id }).from(cars).where(where).for('update');
  if (doomed.length === 0) return [];
  const ids = doomed.map((c) => c.id);
  await tx.delete(bookings).where(and(inArray(bookings.carId, ids), not(bookings.isPaid)));
  const deleted = await tx.delete(cars).where(inArray(cars.id, ids)).returning({ id: cars.id });
  for (const { id } of deleted) await publish(tx, 'car.deleted', { carId: id });
  return deleted;
}
