import type { CancelReason, StoredBookingStatus } from '@redline/shared';
import { and, eq, getTableColumns, inArray, not, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema.ts';
import type { Db, Statements, Tx } from '../../db/client.ts';
import { dailyCounts } from '../../db/daily-counts.ts';
import { keyset, toPage } from '../../db/pagination.ts';
import { sharedRead } from '../../events/index.ts';
import { carsForSale, findCar } from '../cars/index.ts';
import { bookingPayments, type PaymentBookings, paymentRefunds } from '../payments/index.ts';
import { bookings } from './bookings.schema.ts';

const sellerAccount = alias(users, 'seller_account');
const buyerAccount = alias(users, 'buyer_account');

function selectBookings(db: Db | Tx) {
  return db
    .select({
      ...getTableColumns(bookings),
      sellerVerified: sellerAccount.isVerified,
      buyerVerified: buyerAccount.isVerified,
      transactionId: bookingPayments.transactionId,
      paidAt: bookingPayments.paidAt,
      refund: paymentRefunds._.selectedFields,
    })
    .from(bookings)
    .leftJoin(sellerAccount, eq(sellerAccount.id, bookings.sellerId))
    .leftJoin(buyerAccount, eq(buyerAccount.id, bookings.buyerId))
    .leftJoin(bookingPayments, eq(bookingPayments.bookingId, bookings.id))
    .leftJoin(paymentRefunds, eq(paymentRefunds.paymentId, bookingPayments.id));
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

/** One of the buyer's earlier bookings of the car, as the rule of which one blocks a new booking reads it. */
export interface EarlierBooking {
  id: string;
  isPaid: boolean;
  status: StoredBookingStatus;
  requestedDate: string;
  requestedTime: string;
}

/** What a new booking is written with, the rest taking the columns' defaults. */
const NEW_BOOKING_FIELDS = [
  'carId',
  'carName',
  'carPhoto',
  'sellerId',
  'sellerName',
  'sellerEmail',
  'buyerId',
  'buyerName',
  'buyerEmail',
  'buyerPhone',
  'requestedDate',
  'requestedTime',
  'requestedLocation',
  'price',
  'isPaid',
] as const;

type NewBookingField = (typeof NEW_BOOKING_FIELDS)[number];

export type NewBooking = Required<Pick<typeof bookings.$inferInsert, NewBookingField>> & {
  buyerId: string;
  carId: string;
};

/**
 * Inserts the booking and, in the same statement, reads the buyer's earlier bookings of the car
 * (the statement's snapshot is taken before its insert, so the new one is not among them) and the
 * buyer's verification: one round trip instead of three. Run it after `lockCarWithSeller` (cars module), so that
 * the snapshot holds every booking of the car committed before the lock was granted. The caller
 * decides from `earlier` whether the booking may stand, and throws (rolling it back) when not.
 */
export async function insertBooking(statements: Statements, tx: Tx, values: NewBooking) {
  const [row] = await statements.on(tx, 'booking_insert', bookingInsert).execute(values);
  return row!;
}

const bookingInsert = (db: Db) => {
  const value = (name: NewBookingField) => sql.placeholder(name);
  const earlier = db.$with('earlier').as(
    db
      .select({
        id: bookings.id,
        isPaid: bookings.isPaid,
        status: bookings.status,
        requestedDate: bookings.requestedDate,
        requestedTime: bookings.requestedTime,
        createdAt: bookings.createdAt,
      })
      .from(bookings)
      .where(and(eq(bookings.buyerId, value('buyerId')), eq(bookings.carId, value('carId')))),
  );
  const earlierBooking = sql`json_build_object('id', ${earlier.id}, 'isPaid', ${earlier.isPaid}, 'status', ${earlier.status},
    'requestedDate', ${earlier.requestedDate}, 'requestedTime', ${earlier.requestedTime})`;
  return db
    .with(earlier)
    .insert(bookings)
    .values(
      Object.fromEntries(NEW_BOOKING_FIELDS.map((field) => [field, value(field)])) as Record<
        NewBookingField,
        Placeholder
      >,
    )
    .returning({
      ...getTableColumns(bookings),
      buyerVerified: sql<boolean | null>`(select ${users.isVerified} from ${users}
        where ${users.id} = ${bookings.buyerId})`,
      earlier: sql<EarlierBooking[]>`(select coalesce(json_agg(${earlierBooking}
        order by ${earlier.createdAt} desc), '[]') from ${earlier})`,
    });
};

type BookingValues = typeof bookings.$inferInsert;

/** Changes the booking's lifecycle fields (the caller holds its lock and has applied the rules). */
export async function updateBooking(
  tx: Tx,
  id: string,
  values: Partial<
    Pick<BookingValues, 'status' | 'requestedDate' | 'requestedTime' | 'proposedDate' | 'proposedTime'>
  >,
) {
  await tx.update(bookings).set(values).where(eq(bookings.id, id));
}

/** These bookings, of those still requested or accepted: which of them are ahead, the caller decides. */
export function liveBookings(db: Db | Tx, where: SQL) {
  return db
    .select({
      id: bookings.id,
      status: bookings.status,
      requestedDate: bookings.requestedDate,
      requestedTime: bookings.requestedTime,
      isPaid: bookings.isPaid,
      price: bookings.price,
    })
    .from(bookings)
    .where(and(where, inArray(bookings.status, ['requested', 'accepted'])));
}

/** `liveBookings`, locked until the transaction ends. */
export const lockLiveBookings = (tx: Db | Tx, where: SQL) => liveBookings(tx, where).for('update');

/**
 * Calls the booking off, for `reason`; the caller holds its lock and has applied the rules. One
 * booking a statement: PostgreSQL keeps a plan for it, where for a list of ids it planned every call.
 */
export async function cancelBooking(statements: Statements, tx: Db | Tx, id: string, reason: CancelReason) {
  await statements.on(tx, 'booking_cancel', bookingCancel).execute({ id, reason });
}

const bookingCancel = (db: Db) =>
  db
    .update(bookings)
    .set({
      status: 'cancelled',
      cancelReason: sql`${sql.placeholder('reason')}`,
      proposedDate: null,
      proposedTime: null,
      updatedAt: sql`now()`,
    })
    .where(eq(bookings.id, sql.placeholder('id')));

/**
 * What a notice of a booking tells (a notification, its people's open lists): its people, car and
 * time, as kept on it; read once for all the reactions to a fact about it.
 */
export function bookingSummary(statements: Statements, tx: Db | Tx, id: string) {
  return sharedRead(tx, `booking-summary:${id}`, async () => {
    const [row] = await statements.on(tx, 'booking_summary', bookingSummaryStatement).execute({ id });
    return row;
  });
}

const bookingSummaryStatement = (db: Db) =>
  db
    .select({
      carId: bookings.carId,
      carName: bookings.carName,
      sellerId: bookings.sellerId,
      sellerName: bookings.sellerName,
      buyerId: bookings.buyerId,
      buyerName: bookings.buyerName,
      requestedDate: bookings.requestedDate,
      requestedTime: bookings.requestedTime,
      requestedLocation: bookings.requestedLocation,
      proposedDate: bookings.proposedDate,
      proposedTime: bookings.proposedTime,
      price: bookings.price,
      isPaid: bookings.isPaid,
    })
    .from(bookings)
    .where(eq(bookings.id, sql.placeholder('id')));

/** Deletes the buyer's bookings not paid for (their account's deletion); paid ones stay for accounting. */
export async function deleteUnpaidBookingsOf(tx: Tx, buyerId: string) {
  await tx.delete(bookings).where(and(eq(bookings.buyerId, buyerId), not(bookings.isPaid)));
}

const bookingToPay = {
  isPaid: bookings.isPaid,
  carId: bookings.carId,
  status: bookings.status,
  requestedDate: bookings.requestedDate,
  requestedTime: bookings.requestedTime,
};

const ofBuyer = (bookingId: string, buyerId: string) =>
  and(eq(bookings.id, bookingId), eq(bookings.buyerId, buyerId));

/** What a payment reads and changes of its booking: handed to the payments module by the app. */
export const paymentBookings: PaymentBookings = {
  async findOfBuyer(db, bookingId, buyerId) {
    const [row] = await db
      .select({
        id: bookings.id,
        carName: bookings.carName,
        sellerEmail: bookings.sellerEmail,
        buyerEmail: bookings.buyerEmail,
        ...bookingToPay,
        // A booking keeps its car's id while the car exists (the foreign key sets it null).
        carSold: sql<boolean>`${bookings.carId} is not null and ${carsForSale.id} is null`,
      })
      .from(bookings)
      .leftJoin(carsForSale, eq(carsForSale.id, bookings.carId))
      .where(ofBuyer(bookingId, buyerId));
    return row;
  },
  async lockOfBuyer(tx, bookingId, buyerId) {
    const [booking] = await tx
      .select(bookingToPay)
      .from(bookings)
      .where(ofBuyer(bookingId, buyerId))
      .for('update');
    if (!booking) return undefined;
    const car = booking.carId ? await findCar(tx, booking.carId) : undefined;
    return { ...booking, carSold: Boolean(car?.soldAt) };
  },
  async lock(tx, bookingId) {
    const [row] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      .for('update');
    return row !== undefined;
  },
  async markPaid(tx, bookingId) {
    await tx.update(bookings).set({ isPaid: true }).where(eq(bookings.id, bookingId));
  },
};

/** How many test drives of each of these cars buyers asked for per day since `since`, whatever came of them. */
export function testDriveRequestsPerDay(db: Db | Tx, carIds: readonly string[], since: Date) {
  return dailyCounts(db, { table: bookings, carId: bookings.carId, at: bookings.createdAt }, carIds, since);
}

/**
 * The buyer's accepted test drives whose seller still has an account, the latest first: those that
 * took place (bookingStatus, 'completed') are the ones they may review (modules/reviews).
 */
export function acceptedBookingsOf(db: Db, buyerId: string) {
  return db
    .select({
      id: bookings.id,
      status: bookings.status,
      carName: bookings.carName,
      carPhoto: bookings.carPhoto,
      sellerId: bookings.sellerId,
      sellerName: bookings.sellerName,
      requestedDate: bookings.requestedDate,
      requestedTime: bookings.requestedTime,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.buyerId, buyerId),
        eq(bookings.status, 'accepted'),
        sql`${bookings.sellerId} is not null`,
      ),
    )
    .orderBy(sql`${bookings.requestedDate} desc, ${bookings.requestedTime} desc, ${bookings.id} desc`);
}
