/**
 * The booking date rules, which the booking form and the server both apply: a wall-clock date and
 * time where the process runs, in the future, at most BOOKING_HORIZON_DAYS calendar days ahead.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lastBookableDate, testDriveStartsAt } from './booking-dates.ts';
import { BOOKING_MESSAGES, bookingInputSchema, bookingProposalInputSchema } from './bookings.ts';
import { BOOKING_HORIZON_DAYS } from './constants.ts';

// A zone with daylight saving time, so that "calendar days" and "24-hour periods" differ.
const originalZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = originalZone;
});
afterEach(() => {
  vi.useRealTimers();
});

function at(date: string, time: string): Date {
  const startsAt = testDriveStartsAt(date, time);
  if (!startsAt) throw new Error(`${date} ${time} is not a moment`);
  return startsAt;
}

describe('testDriveStartsAt', () => {
  it('reads a date and a time as the local wall-clock time', () => {
    const startsAt = at('2026-07-04', '09:30');
    expect([startsAt.getFullYear(), startsAt.getMonth(), startsAt.getDate()]).toEqual([2026, 6, 4]);
    expect([startsAt.getHours(), startsAt.getMinutes()]).toEqual([9, 30]);
    expect(startsAt.toISOString()).toBe('2026-07-04T13:30:00.000Z'); // New York is UTC-4 in July
  });

  it.each([
    ['2026-02-29', '10:00', 'no 29 February in 2026'],
    ['2026-04-31', '10:00', 'April has 30 days'],
    ['2026-13-01', '10:00', 'no thirteenth month'],
    ['2026-7-4', '10:00', 'not zero-padded'],
    ['04/07/2026', '10:00', 'another format'],
    ['2026-07-04', '24:00', 'no hour 24'],
    ['2026-07-04', '9:30', 'not zero-padded'],
    ['2026-07-04', '09:60', 'no minute 60'],
  ])('has no moment for %s %s (%s)', (date, time) => {
    expect(testDriveStartsAt(date, time)).toBeUndefined();
  });

  it('knows 29 February of a leap year', () => {
    expect(at('2028-02-29', '10:00').getDate()).toBe(29);
  });
});

describe('lastBookableDate', () => {
  it(`counts ${BOOKING_HORIZON_DAYS} calendar days from today, across month ends and a leap day`, () => {
    expect(BOOKING_HORIZON_DAYS).toBe(90);
    expect(lastBookableDate(at('2028-01-31', '12:00'))).toBe('2028-04-30');
    expect(lastBookableDate(at('2026-11-25', '08:00'))).toBe('2027-02-23');
  });

  it('counts calendar days, not 24-hour periods, when the clocks go forward in between', () => {
    // 1 March 23:30 plus 90 × 24 h is 31 May 00:30 on the clock (the spring change eats an hour).
    expect(lastBookableDate(at('2026-03-01', '23:30'))).toBe('2026-05-30');
  });
});

describe('bookingInputSchema dates', () => {
  const body = { carId: '0b7c5a6e-4b8f-4a7c-9a63-0f8f6f1d2c11', phone: '(512) 555-0142', city: 'Austin' };

  function issuesOf(date: string, time: string) {
    const result = bookingInputSchema.safeParse({ ...body, date, time });
    return result.success
      ? []
      : result.error.issues.map((issue) => ({ path: issue.path, message: issue.message }));
  }

  it('accepts a later hour today and the last bookable day', () => {
    vi.useFakeTimers({ now: at('2026-11-25', '10:00') });
    expect(issuesOf('2026-11-25', '10:01')).toEqual([]);
    expect(issuesOf(lastBookableDate(), '18:00')).toEqual([]);
  });

  it('blames the time for an hour already gone today, and the date for an earlier day', () => {
    vi.useFakeTimers({ now: at('2026-11-25', '10:00') });
    expect(issuesOf('2026-11-25', '10:00')).toEqual([{ path: ['time'], message: BOOKING_MESSAGES.past }]);
    expect(issuesOf('2026-11-24', '18:00')).toEqual([{ path: ['date'], message: BOOKING_MESSAGES.past }]);
  });

  it('refuses the day after the last bookable day', () => {
    vi.useFakeTimers({ now: at('2026-11-25', '10:00') });
    expect(issuesOf('2027-02-24', '09:00')).toEqual([{ path: ['date'], message: BOOKING_MESSAGES.tooFar }]);
  });

  it('explains a date or time that is no moment at all, without a second message', () => {
    vi.useFakeTimers({ now: at('2026-11-25', '10:00') });
    expect(issuesOf('2026-02-30', '10:00')).toEqual([{ path: ['date'], message: 'Enter a valid date' }]);
    expect(issuesOf('2026-12-01', '25:00')).toEqual([{ path: ['time'], message: 'Enter a valid time' }]);
  });

  it('refuses a test drive starting before 8:00 AM or after 8:00 PM, and accepts both ends', () => {
    vi.useFakeTimers({ now: at('2026-11-25', '10:00') });
    expect(BOOKING_MESSAGES.hours).toBe('Choose a time between 8:00 AM and 8:00 PM');
    for (const time of ['03:00', '00:00', '07:59', '20:01', '23:45'])
      expect(issuesOf('2026-11-26', time), time).toEqual([
        { path: ['time'], message: BOOKING_MESSAGES.hours },
      ]);
    expect(issuesOf('2026-11-26', '08:00')).toEqual([]);
    expect(issuesOf('2026-11-26', '20:00')).toEqual([]);
  });

  it('checks the date and time while other fields are wrong, so that every error shows at once', () => {
    vi.useFakeTimers({ now: at('2026-11-25', '10:00') });
    for (const [date, message] of [
      ['2026-11-24', BOOKING_MESSAGES.past],
      ['2027-03-01', BOOKING_MESSAGES.tooFar],
    ] as const) {
      const result = bookingInputSchema.safeParse({ ...body, phone: '12', city: '', date, time: '10:00' });
      expect(result.success).toBe(false);
      const fields = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
      expect(Object.keys(fields).sort()).toEqual(['city', 'date', 'phone']);
      expect(fields.date).toBe(message);
    }
    // A past day is the date's fault whatever the time holds.
    expect(issuesOf('2026-11-24', '03:00')).toEqual([
      { path: ['time'], message: BOOKING_MESSAGES.hours },
      { path: ['date'], message: BOOKING_MESSAGES.past },
    ]);
    const proposal = bookingProposalInputSchema.safeParse({ date: '2026-11-26', time: '03:00' });
    expect(proposal.error?.issues.map((issue) => issue.message)).toEqual([BOOKING_MESSAGES.hours]);
  });
});
