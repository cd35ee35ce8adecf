/** The one deletion rule for cars, used by sellers, admins (reported posts) and user deletion. */
import { and, inArray, not, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookings, cars } from '../../db/schema.ts';

/**
 * Removes cars with what hangs on them: advertisements, saved posts and reports go by cascade,
 * unpaid bookings are deleted, paid bookings stay (their car id becomes null) for accounting.
 */
export async function deleteCarsWhere(tx: Tx, where: SQL) {
  const doomed = tx.select({ id: cars.id }).from(cars).where(where);
  await tx.delete(bookings).where(and(inArray(bookings.carId, doomed), not(bookings.isPaid)));
  return tx.delete(cars).where(where).returning({ id: cars.id });
}
