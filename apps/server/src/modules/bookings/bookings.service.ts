import {
  BOOKING_ERROR_CODES,
  type Booking,
  type BookingInput,
  carName,
  type Page,
  type PageQuery,
  TEST_DRIVE_FEE_CENTS,
  testDriveStartsAt,
  type User,
} from '@redline/shared';
import { eq } from 'drizzle-orm';
import { requireAccess } from '../../access/record-access.ts';
import type { AppContext } from '../../context.ts';
import { bookings } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { publish } from '../../events/index.ts';
import { carCoverUrl, lockCarWithSeller } from '../cars/index.ts';
import * as repo from './bookings.repository.ts';

/**
 * Books a test drive for the signed-in buyer. Everything but the buyer's choices (phone, city,
 * date, time) is taken from the session and the car; the date rules were checked by the schema.
 */
export async function bookTestDrive(context: AppContext, buyer: User, input: BookingInput): Promise<Booking> {
  const row = await context.database.db.transaction(async (tx) => {
    const car = await lockCarWithSeller(tx, input.carId);
    if (!car) throw notFound('The car');
    if (car.soldAt) throw conflict('This car has been sold and can no longer be booked.');
    // The car row is locked: a concurrent booking of it by the same buyer waits and then sees this one.
    const { earlier, buyerVerified, ...booking } = await repo.insertBooking(tx, {
      carId: car.id,
      carName: carName(car),
      carPhoto: carCoverUrl(context, car.photos, car.coverWidth),
      sellerId: car.sellerId,
      sellerName: car.sellerName,
      sellerEmail: car.sellerEmail,
      buyerId: buyer.id,
      buyerName: buyer.name,
      buyerEmail: buyer.email,
      buyerPhone: input.phone,
      requestedDate: input.date,
      requestedTime: input.time,
      requestedLocation: input.city,
      price: TEST_DRIVE_FEE_CENTS,
      isPaid: false,
    });
    // Refusing throws, which rolls the insert back.
    const blocking = earlier.find(blocksAnother);
    if (blocking) {
      const message = blocking.isPaid
        ? 'You have already paid for a test drive of this car.'
        : 'You already have an open booking for this car: pay for it or cancel it first.';
      throw new AppError(409, BOOKING_ERROR_CODES.alreadyBooked, message, { bookingId: blocking.id });
    }
    await publish(tx, 'booking.requested', { bookingId: booking.id, carId: car.id, buyerId: buyer.id });
    // A new booking has no payment yet.
    return {
      ...booking,
      sellerVerified: car.sellerVerified,
      buyerVerified,
      transactionId: null,
      paidAt: null,
    };
  });
  return toBooking(row, buyer);
}

/**
 * Whether the buyer's earlier booking of a car stops another: a paid one, or an unpaid one whose test
 * drive is still ahead (an unpaid booking whose time has passed was never confirmed and lapses).
 */
function blocksAnother(booking: repo.EarlierBooking) {
  return (
    booking.isPaid ||
    (testDriveStartsAt(booking.requestedDate, booking.requestedTime)?.getTime() ?? 0) > Date.now()
  );
}

/** The booking's buyer, the car's seller or an admin; anyone else is told it does not exist. */
export async function getBooking(context: AppContext, actor: User, id: string): Promise<Booking> {
  await requireAccess(context, actor, { permission: 'booking.read', id });
  const row = await repo.findBooking(context.database.db, id);
  if (!row) throw notFound('The booking');
  return toBooking(row, actor);
}

export async function listBuyerBookings(
  context: AppContext,
  actor: User,
  email: string,
  query: PageQuery,
): Promise<Page<Booking>> {
  const { db } = context.database;
  const buyer = await requireAccess(context, actor, { permission: 'buyer.bookings', id: email });
  const page = await repo.listBookings(db, eq(bookings.buyerId, buyer.id), query.limit, query.cursor);
  return { items: page.items.map((row) => toBooking(row, actor)), nextCursor: page.nextCursor };
}

/** The test-drive requests made on a seller's cars. */
export async function listSellerBookings(
  context: AppContext,
  actor: User,
  email: string,
  query: PageQuery,
): Promise<Page<Booking>> {
  const { db } = context.database;
  const seller = await requireAccess(context, actor, { permission: 'seller.bookings', id: email });
  const page = await repo.listBookings(db, eq(bookings.sellerId, seller.id), query.limit, query.cursor);
  return { items: page.items.map((row) => toBooking(row, actor)), nextCursor: page.nextCursor };
}

/** Cancelling deletes the booking; paid ones stay, for the buyer's record and for accounting. */
export async function cancelBooking(context: AppContext, actor: User, id: string) {
  return context.database.db.transaction(async (tx) => {
    // Locks the booking until the deletion commits: a payment cannot be recorded half-way.
    const booking = await requireAccess(context, actor, { permission: 'booking.cancel', id, tx });
    if (booking.isPaid) throw conflict('A paid booking cannot be cancelled.');
    // Published before the row goes, so that its reactions read the booking (the lock keeps it unpaid).
    await publish(tx, 'booking.cancelled', { bookingId: id, cancelledBy: actor.id });
    const deletedCount = await repo.deleteUnpaidBooking(tx, id);
    return { deletedCount };
  });
}

/** The buyer's phone is for the seller only once the test drive is paid for. */
function toBooking(row: repo.BookingRow, viewer: User): Booking {
  const seesPhone = row.isPaid || viewer.role === 'Admin' || row.buyerId === viewer.id;
  return {
    id: row.id,
    carId: row.carId,
    carName: row.carName,
    carPhoto: row.carPhoto,
    sellerName: row.sellerName,
    sellerEmail: row.sellerEmail,
    sellerVerified: row.sellerVerified ?? false,
    buyerName: row.buyerName,
    buyerEmail: row.buyerEmail,
    buyerVerified: row.buyerVerified ?? false,
    buyerPhone: seesPhone ? row.buyerPhone : null,
    requestedDate: row.requestedDate,
    requestedTime: row.requestedTime,
    requestedLocation: row.requestedLocation,
    price: row.price,
    isPaid: row.isPaid,
    createdAt: row.createdAt.toISOString(),
    payment:
      row.transactionId && row.paidAt
        ? { transactionId: row.transactionId, paidAt: row.paidAt.toISOString() }
        : null,
  };
}
