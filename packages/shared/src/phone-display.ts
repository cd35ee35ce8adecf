/**
 * How stored phone numbers are read and shown, apart from the schema in phone.ts: pages that list
 * bookings show phone numbers, and a module with zod schemas at its top level would bring zod into
 * those pages' JavaScript (docs/decisions/0002). Numbers typed without a country code are US numbers.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

const PHONE_DEFAULT_COUNTRY = 'US';

/** A phone number as typed or stored, with libphonenumber's "min" metadata. */
export const parsePhone = (value: string) => parsePhoneNumberFromString(value, PHONE_DEFAULT_COUNTRY);

/**
 * How a stored phone number reads and dials: international format and a tel: link. Rows stored
 * before numbers were kept in E.164 may not parse: they are shown as stored.
 */
export function displayPhone(stored: string): { text: string; href: string } {
  const number = parsePhone(stored);
  if (!number?.isValid()) return { text: stored, href: `tel:${stored.replace(/[^\d+]/g, '')}` };
  return { text: number.formatInternational(), href: number.getURI() };
}
