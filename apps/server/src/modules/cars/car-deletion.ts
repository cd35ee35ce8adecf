/** The one deletion rule for cars, used by sellers, admins (reported cars) and user deletion. */
import { inArray, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { cars } from '../../db/schema.ts';
import { publish } from '../../events/index.ts';

/**
 * Removes cars with what hangs on them: advertisements, saved cars and reports go by cascade;
 * bookings stay for their people and for accounting (their car id becomes null), those still
 * ahead cancelled and, paid, refunded by the reactions to `car.deleted`.
 */
export async function deleteCarsWhere(tx: Tx, where: SQL) {
  // Lock the cars first: a booking made on one of them meanwhile waits, then finds it gone.
  const doomed = await tx.select({ id: cars.id }).from(cars).where(where).for('update');
  if (doomed.length === 0) return [];
  // Published before the rows go: its reactions read the car's bookings (the locks keep them).
  for (const { id } of doomed) await publish(tx, 'car.deleted', { carId: id });
  return tx
    .delete(cars)
    .where(
      inArray(
        cars.id,
        doomed.map((c) => c.id),
      ),
    )
    .returning({ id: cars.id });
}
