import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { keyset, toPage } from '../../db/pagination.ts';
import { bookings, cars, payments } from '../../db/schema.ts';
import { publish } from '../../events/index.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** The buyer's booking, with when its car was sold (null while on sale, or when the car is gone). */
export async function findBookingOfBuyer(db: Db, bookingId: string, buyerId: string) {
  const [row] = await db
    .select({
      id: bookings.id,
      carId: bookings.carId,
      carName: bookings.carName,
      sellerEmail: bookings.sellerEmail,
      buyerEmail: bookings.buyerEmail,
      isPaid: bookings.isPaid,
      carSoldAt: cars.soldAt,
    })
    .from(bookings)
    .leftJoin(cars, eq(cars.id, bookings.carId))
    .where(and(eq(bookings.id, bookingId), eq(bookings.buyerId, buyerId)));
  return row;
}

export function findPaymentOfBooking(db: Db, bookingId: string) {
  return db.query.payments.findFirst({ where: eq(payments.bookingId, bookingId) });
}

export type RecordOutcome =
  | { kind: 'created'; payment: PaymentRow }
  | { kind: 'existing'; payment: PaymentRow }
  | { kind: 'bookingGone' }
  | { kind: 'carSold' }
  | { kind: 'paidWithoutRecord' };

/**
 * Stores the payment and marks the booking paid, in one transaction. The booking and car rows are
 * locked so a concurrent cancellation, payment or sale waits; the unique indexes are the last word,
 * and a losing racer reads the winner's row instead of failing.
 */
export function recordPayment(
  db: Db,
  values: Omit<typeof payments.$inferInsert, 'id' | 'createdAt'> & { bookingId: string },
  buyerId: string,
): Promise<RecordOutcome> {
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .select({ isPaid: bookings.isPaid, carId: bookings.carId })
      .from(bookings)
      .where(and(eq(bookings.id, values.bookingId), eq(bookings.buyerId, buyerId)))
      .for('update');
    if (!booking) return { kind: 'bookingGone' };
    const [car] = booking.carId
      ? await tx.select({ soldAt: cars.soldAt }).from(cars).where(eq(cars.id, booking.carId)).for('share')
      : [];

    const existing = await tx.query.payments.findFirst({ where: eq(payments.bookingId, values.bookingId) });
    if (existing) return { kind: 'existing', payment: existing };
    if (booking.isPaid) return { kind: 'paidWithoutRecord' };
    if (car?.soldAt) return { kind: 'carSold' };

    const [created] = await tx.insert(payments).values(values).onConflictDoNothing().returning();
    if (!created) {
      const winner = await tx.query.payments.findFirst({
        where: or(eq(payments.bookingId, values.bookingId), eq(payments.transactionId, values.transactionId)),
      });
      if (!winner) throw new Error('payment insert conflicted but no conflicting row was found');
      return { kind: 'existing', payment: winner };
    }
    await tx.update(bookings).set({ isPaid: true }).where(eq(bookings.id, values.bookingId));
    await publish(tx, 'booking.paid', { bookingId: values.bookingId, paymentId: created.id });
    return { kind: 'created', payment: created };
  });
}

export async function listPayments(db: Db, limit: number, cursor?: string) {
  const page = keyset(payments.createdAt, payments.id, cursor);
  const rows = await db
    .select()
    .from(payments)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(limit + 1)
    .execute(page.params);
  return toPage(rows, limit, (r) => [r.createdAt, r.id]);
}
