import { describe, expect, it } from 'vitest';
import { bookingsAheadText } from './bookings-ahead.ts';

describe('bookingsAheadText', () => {
  it.each([
    [{ count: 0, paid: 0, refundTotal: 0 }, 'No test drives are booked ahead, so none will be cancelled.'],
    [
      { count: 1, paid: 0, refundTotal: 0 },
      '1 test drive booked ahead will be cancelled; it is not paid. Its buyer is told.',
    ],
    [
      { count: 1, paid: 1, refundTotal: 12_000 },
      '1 test drive booked ahead will be cancelled; it is paid: its $120.00 fee will be refunded. Its buyer is told.',
    ],
    [
      { count: 3, paid: 0, refundTotal: 0 },
      '3 test drives booked ahead will be cancelled, none of them paid. Their buyers are told.',
    ],
    [
      { count: 2, paid: 1, refundTotal: 12_000 },
      '2 test drives booked ahead will be cancelled, 1 of them paid: its $120.00 fee will be refunded. Their buyers are told.',
    ],
    [
      { count: 3, paid: 2, refundTotal: 24_000 },
      '3 test drives booked ahead will be cancelled, 2 of them paid: their fees, $240.00 in all, will be refunded. Their buyers are told.',
    ],
  ])('says what %o means', (ahead, text) => {
    expect(bookingsAheadText(ahead)).toBe(text);
  });
});
