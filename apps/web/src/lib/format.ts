/** Money is integer USD cents on the wire (design.md section 5); dates are ISO strings. */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });
const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

const usdCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
});

const wholeNumber = new Intl.NumberFormat('en-US');

/** A count or a distance as the pages show it ("12,800"). */
export function formatNumber(value: number): string {
  return wholeNumber.format(value);
}

/** A price as car pages show it ("$219,500"). */
export function formatMoney(cents: number): string {
  return cents % 100 === 0 ? usdWhole.format(cents / 100) : usd.format(cents / 100);
}

/** A charge to the cent, as on a card statement ("$120.00"). */
export function formatCharge(cents: number): string {
  return usdCents.format(cents / 100);
}

/**
 * Intl's date formatters are costly to make (a server render made one per date shown): one per set of
 * options, made on first use; the options come from the code, so there are few.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** `locale`: the runtime's by default (the browser's language, the server's en-US). */
export function formatDate(
  iso: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
  locale?: string,
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format.format(date);
}
