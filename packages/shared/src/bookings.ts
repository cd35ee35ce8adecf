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
import { phoneSchema } from './phone.ts';

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
