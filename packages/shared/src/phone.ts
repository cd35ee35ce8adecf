/**
 * Phone numbers: checked with libphonenumber per country (its calling code, the lengths and leading
 * digits a number there can have, not just a digit count), stored in E.164 ("+15125550199") and
 * shown in international format. Its "min" metadata: the rule runs in the browser's form too, and
 * the full metadata would add about 45 KB gzip to every page that books or lists bookings.
 * A number typed without a country code is read as a US number: prices are in US dollars and the
 * marketplace's demo city is Austin (docs/buyer-journey.md).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';

export const PHONE_DEFAULT_COUNTRY = 'US';
export const PHONE_MESSAGES = {
  required: 'Phone is required',
  invalid: 'Enter a valid phone number, with its country code if it is not a US number',
} as const;

const parse = (value: string) => parsePhoneNumberFromString(value, PHONE_DEFAULT_COUNTRY);

/** A phone number as typed, answered in E.164 once it is a real number. */
export const phoneSchema = z
  .string({ error: PHONE_MESSAGES.required })
  .trim()
  .min(1, PHONE_MESSAGES.required)
  .max(30, PHONE_MESSAGES.invalid)
  .transform((value, ctx) => {
    const number = parse(value);
    if (!number?.isValid()) {
      ctx.addIssue({ code: 'custom', message: PHONE_MESSAGES.invalid });
      return z.NEVER;
    }
    return number.number;
  });

/**
 * How a stored phone number reads and dials: international format and a tel: link. Rows stored
 * before numbers were kept in E.164 may not parse: they are shown as stored.
 */
export function displayPhone(stored: string): { text: string; href: string } {
  const number = parse(stored);
  if (!number?.isValid()) return { text: stored, href: `tel:${stored.replace(/[^\d+]/g, '')}` };
  return { text: number.formatInternational(), href: number.getURI() };
}
