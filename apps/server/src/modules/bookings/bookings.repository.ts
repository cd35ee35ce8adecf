import { and, desc, eq, getTableColumns, not, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { keyset, toPage } from '../../db/pagination.ts';
import { bookings, cars, payments, users } from '../../db/schema.ts';
import { coverPhotoJoin, coverWidth } from '../cars/index.ts';

const sellerAccount = alias(users, 'seller_account');
const buyerAccount = alias(users, 'buyer_account');

function selectBookings(db: Db | Tx) {
  return db
    .select({
      ...getTableColumns(bookings),
      sellerVerified: sellerAccount.isVerified,
      buyerVerified: buyerAccount.isVerified,
      transactionId: payments.transactionId,
      paidAt: payments.createdAt,
    })
    .from(bookings)
    .leftJoin(sellerAccount, eq(sellerAccount.id, bookings.sellerId))
    .leftJoin(buyerAccount, eq(buyerAccount.id, bookings.buyerId))
    .leftJoin(payments, eq(payments.bookingId, bookings.id));
}

export type BookingRow = NonNullable<Awaited<ReturnType<typeof findBooking>>>;

export async function findBooking(db: Db | Tx, id: string) {
  const [row] = await selectBookings(db).where(eq(bookings.id, id)).limit(1);
  return row;
}

export async function listBookings(db: Db, where: SQL, limit: number, cursor: string | undefined) {
  const page = keyset(bookings.createdAt, bookings.id, cursor);
  const rows = await selectBookings(db)
    .where(and(where, page.where))
    .orderBy(...page.orderBy)
    .limit(limit + 1)
    .execute(page.params);
  return toPage(rows, limit, (r) => [r.createdAt, r.id]);
}

/**
 * The car to book with its seller, locked until the booking commits: two bookings of one car
 * run one after the other (so the open-booking check cannot race), and the car cannot be
 * deleted half-way.
 */
export async function lockCarWithSeller(tx: Tx, carId: string) {
  const [row] = await tx
    .select({
      id: cars.id,
      year: cars.year,
      brand: cars.brand,
      model: cars.model,
      photos: cars.photos,
      coverWidth,
      soldAt: cars.soldAt,
      sellerId: users.id,
      sellerName: users.name,
      sellerEmail: users.email,
    })
    .from(cars)
    .innerJoin(users, eq(users.id, cars.sellerId))
    .leftJoin(...coverPhotoJoin)
    .where(eq(cars.id, carId))
    .for('update', { of: cars });
  return row;
}

export function bookingsOfBuyerForCar(tx: Tx, buyerId: string, carId: string) {
  return tx
    .select({
      id: bookings.id,
      isPaid: bookings.isPaid,
      requestedDate: bookings.requestedDate,
      requestedTime: bookings.requestedTime,
    })
    .from(bookings)
    .where(and(eq(bookings.buyerId, buyerId), eq(bookings.carId, carId)))
    .orderBy(desc(bookings.createdAt));
}

export async function insertBooking(tx: Tx, values: typeof bookings.$inferInsert) {
  const [row] = await tx.insert(bookings).values(values).returning({ id: bookings.id });
  return row!.id;
}

/** Locks the booking so that a payment being recorded and a cancellation cannot interleave. */
export async function lockBooking(tx: Tx, id: string) {
  const [row] = await tx
    .select({ isPaid: bookings.isPaid })
    .from(bookings)
    .where(eq(bookings.id, id))
    .for('update');
  return row;
}

export async function deleteUnpaidBooking(tx: Tx, id: string) {
  const deleted = await tx
    .delete(bookings)
    .where(and(eq(bookings.id, id), not(bookings.isPaid)))
    .returning({ id: bookings.id });
  return deleted.length;
}
