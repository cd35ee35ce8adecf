/**
 * Numbers as people type them into a form's text field, read exactly as written or not at all: a
 * minus sign is kept (the field's rule then refuses it), and an exponent, a second point or a stray
 * letter makes the text unreadable rather than another number (`Number('1e3')` is 1000; "-1" with
 * its sign dropped is 1). Commas may group the digits by three, as en-US writes them.
 */

const DIGITS = String.raw`(?:\d{1,3}(?:,\d{3})+|\d+)`;
const NUMBER_TEXT = new RegExp(String.raw`^-?${DIGITS}(?:\.\d+)?$`);
/** Dollars: at most two decimals (cents), and a dollar sign after the minus if the person types one. */
const DOLLARS_TEXT = new RegExp(String.raw`^(-?)\s*\$?\s*(${DIGITS}(?:\.\d{1,2})?)$`);

/** What the text writes: `undefined` when empty, `NaN` when it is not a number written out in digits. */
export function readNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return NUMBER_TEXT.test(trimmed) ? Number(trimmed.replaceAll(',', '')) : Number.NaN;
}

/** Dollars as typed ("12,500.50", "$99") in integer cents: `undefined` when empty, `NaN` when unreadable. */
export function readCents(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const match = DOLLARS_TEXT.exec(trimmed);
  if (!match) return Number.NaN;
  const cents = Math.round(Number(match[2]!.replaceAll(',', '')) * 100);
  return match[1] ? -cents : cents;
}

/** Integer cents as the dollars a form field shows ("12500", "12500.50"). */
export function centsText(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}
