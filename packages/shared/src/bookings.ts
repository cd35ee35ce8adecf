/**
 * Test-drive bookings: what a buyer sends, what the API answers, and the date rules that the
 * booking form and the server both apply.
 */
import { z } from 'zod';
import { oneLineText } from './common.ts';
import { BOOKING_HORIZON_DAYS } from './constants.ts';
import { phoneSchema } from './phone.ts';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Midnight of a `YYYY-MM-DD` date in the local time zone, or undefined when no such day exists. */
function localDay(date: string): Date | undefined {
  if (!DATE_PATTERN.test(date)) return undefined;
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const at = new Date(year, month - 1, day);
  return at.getFullYear() === year && at.getMonth() === month - 1 && at.getDate() === day ? at : undefined;
}

/** `YYYY-MM-DD` of a moment in the local time zone. */
export function localDateString(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/**
 * When a requested test drive starts. A booking's date and time are a wall-clock time where the
 * process runs: the browser's zone in the form, the server's zone on the server (which decides).
 */
export function testDriveStartsAt(date: string, time: string): Date | undefined {
  const day = localDay(date);
  if (!day || !TIME_PATTERN.test(time)) return undefined;
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), hours, minutes);
}

/** The last date a test drive may be booked for, counted in calendar days from today. */
export function lastBookableDate(now = new Date()): string {
  return localDateString(new Date(now.getFullYear(), now.getMonth(), now.getDate() + BOOKING_HORIZON_DAYS));
}

/** A 409 of this code carries the buyer's existing booking of the car as `fields.bookingId`. */
export const BOOKING_ERROR_CODES = { alreadyBooked: 'already_booked' } as const;

export const BOOKING_MESSAGES = {
  past: 'Choose a date and time in the future',
  tooFar: `Choose a date within the next ${BOOKING_HORIZON_DAYS} days`,
} as const;

/** Only what the buyer chooses: the buyer, seller, car summary, price and paid state come from the server. */
export const bookingInputSchema = z
  .object({
    carId: z.guid({ error: 'Choose a car' }),
    phone: phoneSchema,
    city: oneLineText('City', 80),
    date: z
      .string({ error: 'Date is required' })
      .min(1, 'Date is required')
      .refine((v) => localDay(v) !== undefined, 'Enter a valid date')
      .meta({ format: 'date', description: 'A day after now and within the booking horizon (90 days)' }),
    time: z
      .string({ error: 'Time is required' })
      .min(1, 'Time is required')
      .regex(TIME_PATTERN, 'Enter a valid time'),
  })
  .superRefine((input, ctx) => {
    const startsAt = testDriveStartsAt(input.date, input.time);
    if (!startsAt) return; // the field checks above already explain what is wrong
    const now = new Date();
    if (startsAt.getTime() <= now.getTime()) {
      // Today with a past hour is the time's fault; an earlier day is the date's.
      const path = input.date === localDateString(now) ? 'time' : 'date';
      ctx.addIssue({ code: 'custom', message: BOOKING_MESSAGES.past, path: [path] });
    } else if (input.date > lastBookableDate(now)) {
      ctx.addIssue({ code: 'custom', message: BOOKING_MESSAGES.tooFar, path: ['date'] });
    }
  });
export type BookingInput = z.infer<typeof bookingInputSchema>;

export const bookingIdParamsSchema = z.object({ id: z.guid({ error: 'Invalid booking id' }) });

export const bookingSchema = z.object({
  id: z.string(),
  /** Null once the car has been deleted; the summary below stays. */
  carId: z.string().nullable(),
  carName: z.string(),
  carPhoto: z.string(),
  sellerName: z.string(),
  sellerEmail: z.string(),
  /** False as well when the seller's account no longer exists. */
  sellerVerified: z.boolean(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  buyerVerified: z.boolean(),
  /** The seller sees it only once the booking is paid; the buyer and admins always. */
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
  createdAt: z.string(),
  payment: z.object({ transactionId: z.string(), paidAt: z.string() }).nullable(),
});
export type Booking = z.infer<typeof bookingSchema>;
