/**
 * Test-drive bookings: what a buyer sends, what the API answers, and the date rules that the
 * booking form and the server both apply.
 */
import { z } from 'zod';
import {
  isWithinTestDriveHours,
  lastBookableDate,
  localDateString,
  localDay,
  TEST_DRIVE_HOURS,
  TIME_PATTERN,
  testDriveStartsAt,
} from './booking-dates.ts';
import { formatRequestedTime } from './booking-time.ts';
import { oneLineText } from './common.ts';
import { BOOKING_HORIZON_DAYS } from './constants.ts';
import { refundSchema } from './payments.ts';
import { phoneSchema } from './phone.ts';

/** A time of day as the pages write it ("8:00 AM"). */
const clock = (time: string) => formatRequestedTime('2000-01-01', time);

export const BOOKING_MESSAGES = {
  past: 'Choose a date and time in the future',
  tooFar: `Choose a date within the next ${BOOKING_HORIZON_DAYS} days`,
  hours: `Choose a time between ${clock(TEST_DRIVE_HOURS.from)} and ${clock(TEST_DRIVE_HOURS.to)}`,
} as const;

const dateField = z
  .string({ error: 'Date is required' })
  .min(1, 'Date is required')
  .refine((v) => localDay(v) !== undefined, 'Enter a valid date')
  .meta({ format: 'date', description: 'A day after now and within the booking horizon (90 days)' });
const timeField = z
  .string({ error: 'Time is required' })
  .min(1, 'Time is required')
  .max(5, 'Enter a valid time')
  .regex(TIME_PATTERN, 'Enter a valid time')
  // A time that is no time at all has its message already.
  .refine((time) => !TIME_PATTERN.test(time) || isWithinTestDriveHours(time), BOOKING_MESSAGES.hours)
  .meta({ description: `Between ${TEST_DRIVE_HOURS.from} and ${TEST_DRIVE_HOURS.to}, wall-clock` });

/** Whether a time passes the time field's rules (then it is a moment of its day). */
const isValidTime = (time: string) => TIME_PATTERN.test(time) && isWithinTestDriveHours(time);

/**
 * A test drive's day and time are ahead, and within the booking horizon. Checked once the date is
 * valid itself, whatever the other fields hold, so that a form shows every error at once (not the
 * date's only after the phone or the time is fixed); today's hour once the time is valid too.
 */
const whenChecked = {
  when: ({ value, issues }: z.core.ParsePayload) =>
    typeof value === 'object' && value !== null && !issues.some((issue) => issue.path?.[0] === 'date'),
};

function checkWhen(input: { date: string; time: string }, ctx: z.RefinementCtx) {
  const now = new Date();
  const today = localDateString(now);
  // `YYYY-MM-DD` strings order as their days do.
  if (input.date < today) ctx.addIssue({ code: 'custom', message: BOOKING_MESSAGES.past, path: ['date'] });
  else if (input.date > lastBookableDate(now))
    ctx.addIssue({ code: 'custom', message: BOOKING_MESSAGES.tooFar, path: ['date'] });
  else if (input.date === today && isValidTime(input.time)) {
    // Today with a past hour is the time's fault.
    const startsAt = testDriveStartsAt(input.date, input.time);
    if (startsAt && startsAt.getTime() <= now.getTime())
      ctx.addIssue({ code: 'custom', message: BOOKING_MESSAGES.past, path: ['time'] });
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
  .superRefine(checkWhen, whenChecked);
export type BookingInput = z.infer<typeof bookingInputSchema>;

/** Another day and time the seller proposes for a requested test drive, by the same rules. */
export const bookingProposalInputSchema = z
  .object({ date: dateField, time: timeField })
  .superRefine(checkWhen, whenChecked);
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

/**
 * A car's test drives still ahead (requested or accepted, not started), which marking it sold or
 * deleting it cancels, and of them the paid ones, refunded: what the seller is told before either.
 */
export const carBookingsAheadSchema = z.object({
  /** Test drives that would be cancelled. */
  count: z.number().int(),
  /** Of them, those paid: each refunded in full. */
  paid: z.number().int(),
  /** USD cents given back in all. */
  refundTotal: z.number().int(),
});
export type CarBookingsAhead = z.infer<typeof carBookingsAheadSchema>;

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
