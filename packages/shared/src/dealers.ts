/**
 * Dealers (issue 49, ADR 63): a seller account may present itself as a business, with a name, a logo,
 * an address, opening hours and ways to reach it; admins verify dealers apart from private sellers.
 */
import { z } from 'zod';
import { multiLineText, oneLineText } from './common.ts';
import { pastMidnight, WEEKDAY_NAMES, WEEKDAYS, type Weekday, weekdayAfter } from './opening-hours.ts';
import { phoneSchema } from './phone.ts';
import { photoKeySchema, photoSchema } from './photos.ts';
import { placeSchema, postalCodeSchema } from './places.ts';

/** A time of day as a clock shows it, 24-hour: "09:00", "17:30". */
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeSchema = z
  .string()
  .max(5, 'Enter a time as HH:MM (24-hour)')
  .regex(TIME_PATTERN, 'Enter a time as HH:MM (24-hour)');

/**
 * One stretch of a day the dealer is open. Closing at or before the opening time means closing after
 * midnight, the next day ("18:00–02:00"; "00:00–00:00" is the whole day): only a day's last range may.
 */
const openingRangeSchema = z.object({ open: timeSchema, close: timeSchema });

/** A day's hours: none (closed), or one or two ranges, the second after the first. */
const dayHoursSchema = z
  .array(openingRangeSchema)
  .max(2, 'A day has at most two opening ranges')
  .refine(([first, second]) => !first || !second || !pastMidnight(first), {
    message: "Only the day's last range may close after midnight",
    path: [0, 'close'],
  })
  .refine(([first, second]) => !first || !second || second.open >= first.close, {
    message: 'The second range must start after the first ends',
    path: [1, 'open'],
  });

/** The week's opening hours, every day named (an empty day is closed); a night's hours end before the next day's begin. */
export const openingHoursSchema = z
  .object(
    Object.fromEntries(WEEKDAYS.map((day) => [day, dayHoursSchema])) as Record<
      Weekday,
      typeof dayHoursSchema
    >,
  )
  .superRefine((hours, context) => {
    for (const day of WEEKDAYS) {
      const last = hours[day].at(-1);
      const next = weekdayAfter(day, 1);
      const following = hours[next][0];
      if (last && following && pastMidnight(last) && following.open < last.close)
        context.addIssue({
          code: 'custom',
          message: `Opens before ${WEEKDAY_NAMES[day]}'s hours end at ${last.close}`,
          path: [next, 0, 'open'],
        });
    }
  });

export const BUSINESS_NAME_MAX_LENGTH = 100;
export const DEALER_ABOUT_MAX_LENGTH = 2000;
const WEBSITE_MAX_LENGTH = 200;
const WEBSITE_MESSAGE = 'Enter a web address starting with https:// or http://';

/** A web address the dealer's page links to, or '' for none. */
const websiteSchema = z
  .string()
  .trim()
  .max(WEBSITE_MAX_LENGTH, `The web address must be at most ${WEBSITE_MAX_LENGTH} characters`)
  .refine((value) => value === '' || isWebAddress(value), WEBSITE_MESSAGE);

function isWebAddress(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    // A host with a dot, not a bare word or an address of credentials.
    return url.hostname.includes('.') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** Body of `PUT /me/dealer`: the signed-in seller's dealer profile, made or replaced whole. */
export const dealerProfileInputSchema = z.object({
  businessName: oneLineText('Business name', BUSINESS_NAME_MAX_LENGTH),
  /** An uploaded photo's key (`POST /uploads`), or null for no logo. */
  logo: photoKeySchema.nullable(),
  street: oneLineText('Street address', 120),
  /** The ZIP code: the city, state and location come from it. */
  postalCode: postalCodeSchema,
  hours: openingHoursSchema,
  phone: phoneSchema,
  website: websiteSchema,
  about: multiLineText('About', DEALER_ABOUT_MAX_LENGTH),
});
export type DealerProfileInput = z.infer<typeof dealerProfileInputSchema>;

/** A dealer as its page shows it, to anyone (and to its seller, the same). */
export const dealerSchema = z.object({
  businessName: z.string(),
  logo: photoSchema.nullable(),
  street: z.string(),
  place: placeSchema,
  /** The IANA time zone of the address when its whole state keeps one time, else null (no "open now"). */
  timeZone: z.string().nullable(),
  hours: openingHoursSchema,
  /** E.164. */
  phone: z.string(),
  website: z.string().nullable(),
  about: z.string(),
  /** When an admin verified the dealer; null when not (or no longer) verified. */
  verifiedAt: z.string().nullable(),
});
export type Dealer = z.infer<typeof dealerSchema>;

/** Body of `PUT /user/dealers/{id}/verification`: an admin verifies or revokes a dealer, saying why. */
export const dealerVerificationInputSchema = z.object({
  verified: z.boolean(),
  note: multiLineText('Note', 500, { min: 1, message: 'Say what you checked, or why' }),
});
export type DealerVerificationInput = z.infer<typeof dealerVerificationInputSchema>;

/**
 * What happened to a dealer's verification: an admin verified or revoked it, or it was dropped
 * because what was verified changed (the business name or address) or the dealer went private.
 */
export const DEALER_VERIFICATION_ACTIONS = ['verified', 'revoked', 'dropped'] as const;

/** One line of a dealer's verification history (newest first). */
export const dealerVerificationSchema = z.object({
  action: z.enum(DEALER_VERIFICATION_ACTIONS),
  note: z.string(),
  /** The admin who verified or revoked; null for a drop (or an admin since deleted). */
  admin: z.object({ id: z.string(), name: z.string() }).nullable(),
  at: z.string(),
});
export type DealerVerification = z.infer<typeof dealerVerificationSchema>;

/** The business a seller in the admins' list runs, when they are a dealer. */
export const listedDealerSchema = z.object({ businessName: z.string(), verified: z.boolean() });
