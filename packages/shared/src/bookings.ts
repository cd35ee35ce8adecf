/**
 * Test-drive bookings: what a buyer sends, what the API answers, and the date rules that the
 * booking form and the server both apply.
 */
import { z } from 'zod';
import {
  lastBookableDate,
  localDateString,
  localDay,
  TIME_PATTERN,
  testDriveStartsAt,
} from './booking-dates.ts';
import { oneLineText } from './common.ts';
import { BOOKING_HORIZON_DAYS } from './constants.ts';
import { refundSchema } from './payments.ts';
import { phoneSchema } from './phone.ts';

export const BOOKING_MESSAGES = {
  past: 'Choose a date and time in the future',
  tooFar: `Choose a date within the next ${BOOKING_HORIZON_DAYS} days`,
} as const;

const dateField = z
  .string({ error: 'Date is required' })
  .min(1, 'Date is required')
  .refine((v) => localDay(v) !== undefined, 'Enter a valid date')
  .meta({ format: 'date', description: 'A day after now and within the booking horizon (90 days)' });
const timeField = z
  .string({ error: 'Time is required' })
  .min(1, 'Time is required')
  .regex(TIME_PATTERN, 'Enter a valid time');

/** A test drive's day and time are ahead, and within the booking horizon. */
function checkWhen(input: { date: string; time: string }, ctx: z.RefinementCtx) {
  const startsAt = testDriveStartsAt(input.date, input.time);
  if (!startsAt) return; // the field checks already explain what is wrong
  const now = new Date();
  if (startsAt.getTime() <= now.getTime()) {
    // Today with a past hour is the time's fault; an earlier day is the date's.
    const path = input.date === localDateString(now) ? 'time' : 'date';
    ctx.addIssue({ code: 'custom', message: BOOKING_MESSAGES.past, path: [path] });
  } else if (input.date > lastBookableDate(now)) {
    ctx.addIssue({ code: 'custom', message: BOOKING_MESSAGES.tooFar, path: ['date'] });
  }
}

/** Only what the buyer chooses: the buyer, seller, car summary, price and paid state come from the server. */
export const bookingInputSchema = z
  .object({
    carId: z.guid({ error: 'Choose a car' }),
    phone: phoneSchema,
    city: oneLineText('City', 80),
    date: dateField,
    time: timeField,
  })
  .superRefine(checkWhen);
export type BookingInput = z.infer<typeof bookingInputSchema>;

/** Another day and time the seller proposes for a requested test drive, by the same rules. */
export const bookingProposalInputSchema = z
  .object({ date: dateField, time: timeField })
  .superRefine(checkWhen);
export type BookingProposalInput = z.infer<typeof bookingProposalInputSchema>;

/**
 * What the booking's people made of it: the buyer asked (`requested`), the seller agreed
 * (`accepted`) or said no (`declined`), or it was called off (`cancelled`, see CANCEL_REASONS).
 */
export const STORED_BOOKING_STATUSES = ['requested', 'accepted', 'declined', 'cancelled'] as const;
export type StoredBookingStatus = (typeof STORED_BOOKING_STATUSES)[number];
/**
 * A booking's status as shown: the stored one, except that an accepted test drive whose time has
 * passed is `completed`, and a request nobody accepted before its time `expired`.
 */
export const BOOKING_STATUSES = [...STORED_BOOKING_STATUSES, 'completed', 'expired'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * Who or what cancelled a booking: its buyer, an admin, the car's sale, or the car's removal (by
 * its seller, by an admin after a report, or with its seller's account).
 */
export const CANCEL_REASONS = ['buyer', 'admin', 'car-sold', 'car-removed'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** The status a booking shows at `now`: see BOOKING_STATUSES. */
export function bookingStatus(
  booking: { status: StoredBookingStatus; requestedDate: string; requestedTime: string },
  now = new Date(),
): BookingStatus {
  const { status } = booking;
  if (status !== 'requested' && status !== 'accepted') return status;
  const startsAt = testDriveStartsAt(booking.requestedDate, booking.requestedTime);
  if (!startsAt || startsAt.getTime() > now.getTime()) return status;
  return status === 'accepted' ? 'completed' : 'expired';
}

/** Whether a booking is still to happen: requested or accepted, and its time ahead. */
export const isOpenBooking = (booking: Parameters<typeof bookingStatus>[0], now = new Date()) => {
  const status = bookingStatus(booking, now);
  return status === 'requested' || status === 'accepted';
};

export const bookingIdParamsSchema = z.object({ id: z.guid({ error: 'Invalid booking id' }) });

export const bookingSchema = z.object({
  id: z.string(),
  /** Null once the car has been deleted; the summary below stays. */
  carId: z.string().nullable(),
  carName: z.string(),
  carPhoto: z.string(),
  sellerName: z.string(),
  /** For the seller and admins only: buyers write to a seller through messages. */
  sellerEmail: z.string().nullable(),
  /** False as well when the seller's account no longer exists. */
  sellerVerified: z.boolean(),
  buyerName: z.string(),
  /** The buyer's contact details: the seller sees them only once the booking is paid; the buyer and admins always. */
  buyerEmail: z.string().nullable(),
  buyerVerified: z.boolean(),
  buyerPhone: z.string().nullable(),
  /** `YYYY-MM-DD`, a wall-clock date in the server's time zone. */
  requestedDate: z.string(),
  /** `HH:MM`. */
  requestedTime: z.string(),
  /** The city. */
  requestedLocation: z.string(),
  /** USD cents. */
  price: z.number().int(),
  isPaid: z.boolean(),
  status: z.enum(BOOKING_STATUSES),
  /** Another day and time the seller proposed, until the buyer takes it. */
  proposal: z.object({ date: z.string(), time: z.string() }).nullable(),
  /** Set when `status` is `cancelled`. */
  cancelReason: z.enum(CANCEL_REASONS).nullable(),
  createdAt: z.string(),
  payment: z
    .object({ transactionId: z.string(), paidAt: z.string(), refund: refundSchema.nullable() })
    .nullable(),
});
export type Booking = z.infer<typeof bookingSchema>;
