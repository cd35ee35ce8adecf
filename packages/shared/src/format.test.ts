import { describe, expect, it } from 'vitest';
import { type DateStyle, formatCharge, formatDate, formatMoney, formatNumber } from './format.ts';

/** Values around every grouping boundary, with and without cents, both signs. */
const cents = [
  0, 1, 5, 10, 99, 100, 101, 12_000, 99_999, 100_000, 123_456, 1_000_000, 21_950_050, 99_999_999_999,
];
const amounts = [...cents, ...cents.filter((value) => value > 0).map((value) => -value)];

describe('money and counts, written as Intl writes them in en-US', () => {
  const whole = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  });
  const withCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  const number = new Intl.NumberFormat('en-US');

  it('writes a price in whole dollars, to the cent when it has cents', () => {
    for (const value of amounts) {
      const expected = value % 100 === 0 ? whole.format(value / 100) : withCents.format(value / 100);
      expect(formatMoney(value), String(value)).toBe(expected);
    }
    expect(formatMoney(21_950_000)).toBe('$219,500');
    expect(formatMoney(21_950_050)).toBe('$219,500.50');
  });

  it('writes a charge to the cent', () => {
    for (const value of amounts)
      expect(formatCharge(value), String(value)).toBe(withCents.format(value / 100));
    expect(formatCharge(12_000)).toBe('$120.00');
  });

  it('groups the thousands of a count, rounded to a whole number', () => {
    for (const value of amounts) expect(formatNumber(value), String(value)).toBe(number.format(value));
    expect(formatNumber(12_800.4)).toBe('12,800');
  });
});

describe('dates, written as Intl writes them in en-US', () => {
  const styles: Record<DateStyle, Intl.DateTimeFormatOptions> = {
    medium: { dateStyle: 'medium' },
    long: { dateStyle: 'long' },
    full: { dateStyle: 'full' },
    month: { month: 'long', year: 'numeric' },
    day: { month: 'short', day: 'numeric' },
    'medium-time': { dateStyle: 'medium', timeStyle: 'short' },
    time: { timeStyle: 'short' },
  };
  // Every month and weekday, midnight, noon, the minutes padded, the turn of a year.
  const dates = [
    ...Array.from(
      { length: 12 },
      (_, month) => new Date(Date.UTC(2025, month, month * 2 + 1, month * 2, month * 5)),
    ),
    new Date(Date.UTC(2025, 0, 1, 0, 0)),
    new Date(Date.UTC(2025, 5, 15, 12, 0)),
    new Date(Date.UTC(2025, 11, 31, 23, 59)),
  ];

  it('in UTC and in the runtime time zone, in every style', () => {
    for (const [style, options] of Object.entries(styles) as [DateStyle, Intl.DateTimeFormatOptions][]) {
      const utc = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
      const local = new Intl.DateTimeFormat('en-US', options);
      for (const date of dates) {
        expect(formatDate(date.toISOString(), style, 'UTC'), `${style} ${date.toISOString()}`).toBe(
          utc.format(date),
        );
        expect(formatDate(date, style), `${style} ${date.toISOString()}`).toBe(local.format(date));
      }
    }
  });

  it('in the time zone asked: the same instant is March 4 in UTC and March 5 east of it', () => {
    expect(formatDate('2025-03-04T23:30:00.000Z', 'long', 'UTC')).toBe('March 4, 2025');
    expect(formatDate('2025-03-04T23:30:00.000Z', 'medium-time', 'UTC')).toBe('Mar 4, 2025, 11:30 PM');
  });

  it('returns what is not a date as it is', () => {
    expect(formatDate('soon')).toBe('soon');
  });
});
