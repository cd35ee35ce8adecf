/** Money is integer USD cents on the wire (design.md section 5); dates are ISO strings. */

/**
 * Money, counts and dates are written by hand, in English as every page is (ADR 24): the first Intl
 * formatter a page makes loads the browser's locale data, one task of 110–160 ms at Lighthouse's 4×
 * slower CPU (30–40 ms on this machine), the longest piece of a page's script when it loads; no page
 * makes one now. `format.test.ts` checks the output against Intl's in en-US.
 */

/** A whole number with its thousands grouped, as en-US writes it ("12,800"). */
function grouped(whole: number): string {
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+$)/g, ',');
  return whole < 0 ? `-${digits}` : digits;
}

/** Cents as en-US writes dollars: "$219,500", "-$12.50"; with `fraction: 'always'`, "$120.00". */
function dollars(cents: number, fraction: 'when-any' | 'always'): string {
  const whole = Math.round(Math.abs(cents));
  const rest = whole % 100;
  const decimals = rest || fraction === 'always' ? `.${String(rest).padStart(2, '0')}` : '';
  return `${cents < 0 && whole ? '-' : ''}$${grouped(Math.floor(whole / 100))}${decimals}`;
}

/** A count or a distance as the pages show it ("12,800"), rounded to a whole number. */
export function formatNumber(value: number): string {
  return grouped(Math.round(value));
}

/** A price as car pages show it ("$219,500"; "$219,500.50" when it has cents). */
export function formatMoney(cents: number): string {
  return dollars(cents, 'when-any');
}

/** A charge to the cent, as on a card statement ("$120.00"). */
export function formatCharge(cents: number): string {
  return dollars(cents, 'always');
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * How a date is written, as en-US's `dateStyle` and `timeStyle` write it: `medium` "Mar 4, 2025",
 * `long` "March 4, 2025", `full` "Tuesday, March 4, 2025", `month` "March 2025", `day` "Mar 4" (a
 * chart's axis), `medium-time` "Mar 4, 2025, 11:30 PM", `time` "11:30 PM".
 */
export type DateStyle = 'medium' | 'long' | 'full' | 'month' | 'day' | 'medium-time' | 'time';

/**
 * A date (an ISO string or a `Date`) in English, like every word of the pages, in `timeZone`: the
 * runtime's (`local`: the reader's in the browser) or UTC. Written by hand for the reason above; a
 * value that is not a date is returned as it is.
 */
export function formatDate(
  value: string | Date,
  style: DateStyle = 'medium',
  timeZone: 'local' | 'UTC' = 'local',
): string {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return String(value);
  const utc = timeZone === 'UTC';
  const year = utc ? at.getUTCFullYear() : at.getFullYear();
  const month = MONTHS[utc ? at.getUTCMonth() : at.getMonth()]!;
  const day = utc ? at.getUTCDate() : at.getDate();
  const hours = utc ? at.getUTCHours() : at.getHours();
  const minutes = utc ? at.getUTCMinutes() : at.getMinutes();
  const time = `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
  const medium = `${month.slice(0, 3)} ${day}, ${year}`;
  switch (style) {
    case 'medium':
      return medium;
    case 'long':
      return `${month} ${day}, ${year}`;
    case 'full':
      return `${WEEKDAYS[utc ? at.getUTCDay() : at.getDay()]}, ${month} ${day}, ${year}`;
    case 'month':
      return `${month} ${year}`;
    case 'day':
      return `${month.slice(0, 3)} ${day}`;
    case 'medium-time':
      return `${medium}, ${time}`;
    case 'time':
      return time;
  }
}
