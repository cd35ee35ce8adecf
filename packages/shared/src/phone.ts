/**
 * Phone numbers: checked with libphonenumber per country (its calling code, the lengths and leading
 * digits a number there can have, not just a digit count), stored in E.164 ("+15125550199") and
 * shown in international format. Its "min" metadata: the rule runs in the browser's form too, and
 * the full metadata would add about 45 KB gzip to every page that books or lists bookings.
 * A number typed without a country code is read as a US number: prices are in US dollars and the
 * marketplace's demo city is Austin (docs/buyer-journey.md).
 */
import { z } from 'zod';
import { parsePhone } from './phone-display.ts';

export const PHONE_MESSAGES = {
  required: 'Phone is required',
  invalid: 'Enter a valid phone number, with its country code if it is not a US number',
} as const;

/** A phone number as typed, answered in E.164 once it is a real number. */
export const phoneSchema = z
  .string({ error: PHONE_MESSAGES.required })
  .trim()
  .min(1, PHONE_MESSAGES.required)
  .max(30, PHONE_MESSAGES.invalid)
  .transform((value, ctx) => {
    const number = parsePhone(value);
    if (!number?.isValid()) {
      ctx.addIssue({ code: 'custom', message: PHONE_MESSAGES.invalid });
      return z.NEVER;
    }
    return number.number;
  });
