import {
  BOOKING_ERROR_CODES,
  type Booking,
  type BookingInput,
  type BookingProposalInput,
  type BookingStatus,
  bookingStatus,
  type CancelReason,
  type CarBookingsAhead,
  carName,
  isOpenBooking,
  type Page,
  type PageQuery,
  type SessionUser,
  TEST_DRIVE_FEE_CENTS,
} from '@redline/shared';
import { eq } from 'drizzle-orm';
import { actingAs, requireAccess } from '../../access/record-access.ts';
import type { AppContext } from '../../context.ts';
import type { Db, Statements, Tx } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { publish } from '../../events/index.ts';
import { carCoverUrl, lockCarWithSeller } from '../cars/index.ts';
import { isReservedFor } from '../offers/index.ts';
import { toRefund } from '../payments/index.ts';
import * as repo from './bookings.repository.ts';
import { bookings } from './bookings.schema.ts';

/**
 * Books a test drive for the signed-in buyer. Everything but the buyer's choices (phone, city,
 * date, time) is taken from the session and the car; the date rules were checked by the schema.
 */
export async function bookTestDrive(
  context: AppContext,
  buyer: SessionUser,
  input: BookingInput,
): Promise<Booking> {
  const row = await context.database.db.transaction(async (tx) => {
    const car = await lockCarWithSeller(context.database.statements, tx, input.carId);
    if (!car) throw notFound('The car');
    if (car.soldAt) throw conflict('This car has been sold and can no longer be booked.');
    // The car's lock holds the reservation as it is (a release or an acceptance takes it too).
    if (car.reservedAt && !(await isReservedFor(tx, car.id, buyer.id)))
      throw conflict(
        'This car is reserved for another buyer, so it takes no test drives: join its waitlist to hear when it is for sale again.',
      );
    // The car row is locked: a concurrent booking of it by the same buyer waits and then sees this one.
    const { earlier, buyerVerified, ...booking } = await repo.insertBooking(context.database.statements, tx, {
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
      refund: null,
    };
  });
  return toBooking(row, buyer);
}

/**
 * Whether the buyer's earlier booking of a car stops another: a paid one still standing, or an
 * unpaid one still to happen (an unpaid request whose time has passed was never confirmed and lapses).
 */
function blocksAnother(booking: repo.EarlierBooking) {
  if (booking.status === 'declined' || booking.status === 'cancelled') return false;
  return booking.isPaid || isOpenBooking(booking);
}

/** The booking's buyer, the car's seller or an admin; anyone else is told it does not exist. */
export async function getBooking(context: AppContext, actor: SessionUser, id: string): Promise<Booking> {
  await requireAccess(context, actor, { permission: 'booking.read', id });
  const row = await repo.findBooking(context.database.db, id);
  if (!row) throw notFound('The booking');
  return toBooking(row, actor);
}

export async function listBuyerBookings(
  context: AppContext,
  actor: SessionUser,
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
  actor: SessionUser,
  email: string,
  query: PageQuery,
): Promise<Page<Booking>> {
  const { db } = context.database;
  const seller = await requireAccess(context, actor, { permission: 'seller.bookings', id: email });
  const page = await repo.listBookings(db, eq(bookings.sellerId, seller.id), query.limit, query.cursor);
  return { items: page.items.map((row) => toBooking(row, actor)), nextCursor: page.nextCursor };
}

/**
 * Its buyer or an admin calls a booking off until its start (BUYER_CANCELLATION_POLICY); it stays,
 * cancelled, in both people's lists, and a paid one is refunded in full by the payments module's
 * reaction, exactly once. Cancelling a cancelled booking changes nothing (count 0); one that has
 * started, taken place, expired or been declined is refused with why.
 */
export async function cancelBooking(context: AppContext, actor: SessionUser, id: string) {
  return context.database.db.transaction(async (tx) => {
    // Locks the booking until the change commits: a payment, or a second cancellation, waits for it.
    const booking = await requireAccess(context, actor, { permission: 'booking.cancel', id, tx });
    const status = bookingStatus(booking);
    if (status === 'cancelled') return { deletedCount: 0 };
    if (status === 'completed' || status === 'expired')
      throw conflict('This test drive has already started: it can no longer be cancelled.');
    assertOpen(status);
    const reason: CancelReason = booking.buyerId === actor.id ? 'buyer' : 'admin';
    await repo.cancelBooking(context.database.statements, tx, id, reason);
    await publish(tx, 'booking.cancelled', {
      bookingId: id,
      cancelledBy: actor.id,
      reason,
      isPaid: booking.isPaid,
    });
    return { deletedCount: 1 };
  });
}

type LockedBooking = Awaited<ReturnType<typeof requireAccess<'booking.respond'>>>;
type Answer = 'booking.accepted' | 'booking.declined' | 'booking.rescheduled' | 'booking.proposal-accepted';

/** What a step of the lifecycle does to the booking, or null when it is there already (nothing changes). */
type Step = (
  booking: LockedBooking,
  status: BookingStatus,
) => {
  values: Parameters<typeof repo.updateBooking>[2];
  event: Answer;
} | null;

/** Why a booking no longer takes an answer. */
const CLOSED: Record<Exclude<BookingStatus, 'requested' | 'accepted'>, string> = {
  declined: 'The seller has declined this test drive.',
  cancelled: 'This booking has been cancelled.',
  completed: 'This test drive has taken place.',
  expired: "This test drive's time has passed.",
};

/** Refuses, with why, a booking that is no longer requested or accepted and ahead. */
function assertOpen(status: BookingStatus): asserts status is 'requested' | 'accepted' {
  if (status !== 'requested' && status !== 'accepted') throw conflict(CLOSED[status]);
}

const NO_PROPOSAL = { proposedDate: null, proposedTime: null };

/**
 * Takes one step of the lifecycle under the booking's lock: the rules read the booking as it is
 * when the lock is granted, and the step's event is published with the change (its reactions tell
 * the other person, refund a declined payment) or not at all.
 */
async function takeStep(
  context: AppContext,
  actor: SessionUser,
  id: string,
  permission: 'booking.respond' | 'booking.agree',
  step: Step,
): Promise<Booking> {
  await context.database.db.transaction(async (tx) => {
    const booking = await requireAccess(context, actor, { permission, id, tx });
    const change = step(booking, bookingStatus(booking));
    if (!change) return;
    await repo.updateBooking(tx, id, change.values);
    await publish(tx, change.event, { bookingId: id });
  });
  return getBooking(context, actor, id);
}

/** The seller agrees to the requested day and time. */
export function acceptBooking(context: AppContext, actor: SessionUser, id: string) {
  return takeStep(context, actor, id, 'booking.respond', (_booking, status) => {
    if (status === 'accepted') return null;
    assertOpen(status);
    return { values: { status: 'accepted', ...NO_PROPOSAL }, event: 'booking.accepted' };
  });
}

/** The seller says no; a paid booking is refunded (the payments module reacts to the event). */
export function declineBooking(context: AppContext, actor: SessionUser, id: string) {
  return takeStep(context, actor, id, 'booking.respond', (_booking, status) => {
    if (status === 'declined') return null;
    assertOpen(status);
    return { values: { status: 'declined', ...NO_PROPOSAL }, event: 'booking.declined' };
  });
}

/** The seller proposes another day and time; the booking waits for the buyer again. */
export function proposeBookingTime(
  context: AppContext,
  actor: SessionUser,
  id: string,
  input: BookingProposalInput,
) {
  return takeStep(context, actor, id, 'booking.respond', (booking, status) => {
    assertOpen(status);
    if (booking.proposedDate === input.date && booking.proposedTime === input.time) return null;
    if (booking.requestedDate === input.date && booking.requestedTime === input.time) {
      throw badRequest('Propose a day or time other than the one requested.', {
        time: 'Choose another day or time',
      });
    }
    return {
      values: { status: 'requested', proposedDate: input.date, proposedTime: input.time },
      event: 'booking.rescheduled',
    };
  });
}

/** The buyer takes the day and time the seller proposed: the test drive is then agreed. */
export function acceptProposedTime(context: AppContext, actor: SessionUser, id: string) {
  return takeStep(context, actor, id, 'booking.agree', (booking, status) => {
    assertOpen(status);
    const { proposedDate, proposedTime } = booking;
    if (!proposedDate || !proposedTime) throw conflict('The seller has not proposed another time.');
    if (!isOpenBooking({ status, requestedDate: proposedDate, requestedTime: proposedTime }))
      throw conflict('The proposed time has passed: ask the seller for another.');
    return {
      values: {
        status: 'accepted',
        requestedDate: proposedDate,
        requestedTime: proposedTime,
        ...NO_PROPOSAL,
      },
      event: 'booking.proposal-accepted',
    };
  });
}

/**
 * A car that is sold or removed takes its test drives still ahead with it: they are cancelled,
 * with the change that sold or removed it (and, paid, refunded by the payments module's reaction).
 */
export function cancelBookingsOnEvents({ database: { events, statements } }: AppContext): (() => void)[] {
  return [
    events.react('car.sold', (tx, { carId }) => cancelLiveBookingsOfCar(statements, tx, carId, 'car-sold')),
    events.react('car.deleted', (tx, { carId }) =>
      cancelLiveBookingsOfCar(statements, tx, carId, 'car-removed'),
    ),
    // Its fee given back, a test drive still ahead does not stand: an admin's refund cancels it.
    events.react('refund.requested', async (tx, { bookingId, requestedBy }) => {
      if (!bookingId) return;
      const [booking] = await repo.lockLiveBookings(tx, eq(bookings.id, bookingId));
      if (!booking || !isOpenBooking(booking)) return;
      await repo.cancelBooking(statements, tx, bookingId, 'admin');
      await publish(tx, 'booking.cancelled', {
        bookingId,
        cancelledBy: requestedBy,
        reason: 'admin',
        isPaid: booking.isPaid,
      });
    }),
  ];
}

/** Of a car's live bookings, those its sale or removal cancels: the ones still ahead. */
const aheadOf = <B extends Parameters<typeof isOpenBooking>[0]>(live: B[]) =>
  live.filter((booking) => isOpenBooking(booking));

async function cancelLiveBookingsOfCar(
  statements: Statements,
  tx: Db | Tx,
  carId: string,
  reason: CancelReason,
) {
  const live = aheadOf(await repo.lockLiveBookings(tx, eq(bookings.carId, carId)));
  for (const { id, isPaid } of live) {
    await repo.cancelBooking(statements, tx, id, reason);
    await publish(tx, 'booking.cancelled', { bookingId: id, cancelledBy: null, reason, isPaid });
  }
}

/**
 * What marking the car sold or deleting it would cancel and refund now (the same rule as
 * `cancelLiveBookingsOfCar`), for its seller's confirmation.
 */
export async function bookingsAheadOfCar(
  context: AppContext,
  actor: SessionUser,
  carId: string,
): Promise<CarBookingsAhead> {
  await requireAccess(context, actor, { permission: 'car.bookings', id: carId });
  const ahead = aheadOf(await repo.liveBookings(context.database.db, eq(bookings.carId, carId)));
  const paid = ahead.filter((booking) => booking.isPaid);
  return {
    count: ahead.length,
    paid: paid.length,
    refundTotal: paid.reduce((total, booking) => total + booking.price, 0),
  };
}

/**
 * Each person's e-mail is for themselves and admins; the buyer's contact details (e-mail and phone)
 * are for the seller as well once the test drive is paid for. Buyers write to a seller through messages.
 */
function toBooking(row: repo.BookingRow, viewer: SessionUser): Booking {
  const isAdmin = viewer.role === 'Admin';
  const seesBuyerContact = row.isPaid || isAdmin || row.buyerId === viewer.id;
  const seesSellerEmail = isAdmin || row.sellerId === actingAs(viewer);
  return {
    id: row.id,
    carId: row.carId,
    carName: row.carName,
    carPhoto: row.carPhoto,
    sellerName: row.sellerName,
    sellerEmail: seesSellerEmail ? row.sellerEmail : null,
    sellerVerified: row.sellerVerified ?? false,
    buyerName: row.buyerName,
    buyerEmail: seesBuyerContact ? row.buyerEmail : null,
    buyerVerified: row.buyerVerified ?? false,
    buyerPhone: seesBuyerContact ? row.buyerPhone : null,
    requestedDate: row.requestedDate,
    requestedTime: row.requestedTime,
    requestedLocation: row.requestedLocation,
    price: row.price,
    isPaid: row.isPaid,
    status: bookingStatus(row),
    proposal:
      row.proposedDate && row.proposedTime ? { date: row.proposedDate, time: row.proposedTime } : null,
    cancelReason: row.cancelReason,
    createdAt: row.createdAt.toISOString(),
    payment:
      row.transactionId && row.paidAt
        ? {
            transactionId: row.transactionId,
            paidAt: row.paidAt.toISOString(),
            refund: row.refund && toRefund(row.refund),
          }
        : null,
  };
}
