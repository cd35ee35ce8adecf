/**
 * Formatting of the test-mode card fields as the buyer types: the number in groups of four, the
 * expiry as MM/YY. Only the layout changes; the digits typed are kept as they are.
 */
const MAX_CARD_DIGITS = 19;

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** "4242424242424242" → "4242 4242 4242 4242" (at most 19 digits). */
export function formatCardNumber(value: string): string {
  const digits = digitsOf(value).slice(0, MAX_CARD_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1" → "1", "4" → "04", "123" → "12/3", "12/34" stays; never more than four digits. */
export function formatExpiry(value: string): string {
  let digits = digitsOf(value).slice(0, 4);
  // A first digit above 1 can only be a single-digit month.
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** "MM/YY" (or "MM / YYYY") → month and year as typed, or undefined when it is not that shape. */
export function parseExpiry(value: string): { month: number; year: number } | undefined {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return undefined;
  return { month: Number(match[1]), year: Number(match[2]) };
}

/**
 * Where the caret belongs after reformatting: just after the same number of digits as before it,
 * so typing or deleting in the middle of the number does not throw the caret to the end.
 */
export function caretAfterDigits(formatted: string, digitsBeforeCaret: number): number {
  if (digitsBeforeCaret <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i] ?? '')) seen++;
    if (seen === digitsBeforeCaret) return i + 1;
  }
  return formatted.length;
}

export function countDigits(value: string): number {
  return digitsOf(value).length;
}
