import { describe, expect, it } from 'vitest';
import { isOpenAt, type OpeningHours } from './opening-hours.ts';

const NINE_TO_FIVE = [{ open: '09:00', close: '17:00' }];
const HOURS: OpeningHours = {
  monday: NINE_TO_FIVE,
  tuesday: NINE_TO_FIVE,
  wednesday: NINE_TO_FIVE,
  thursday: NINE_TO_FIVE,
  friday: [
    { open: '09:00', close: '12:00' },
    { open: '13:00', close: '17:00' },
  ],
  saturday: [],
  sunday: [],
};

describe('isOpenAt', () => {
  it("reads the time in the dealer's time zone, not the server's", () => {
    // Monday 2026-11-30 16:30 UTC is 08:30 in Los Angeles and 11:30 in New York.
    const now = new Date('2026-11-30T16:30:00Z');
    expect(isOpenAt(HOURS, 'America/Los_Angeles', now)).toBe(false);
    expect(isOpenAt(HOURS, 'America/New_York', now)).toBe(true);
  });

  it('opens at the opening minute and is closed from the closing minute', () => {
    expect(isOpenAt(HOURS, 'UTC', new Date('2026-11-30T09:00:00Z'))).toBe(true);
    expect(isOpenAt(HOURS, 'UTC', new Date('2026-11-30T16:59:00Z'))).toBe(true);
    expect(isOpenAt(HOURS, 'UTC', new Date('2026-11-30T17:00:00Z'))).toBe(false);
  });

  it('is closed between two ranges and on a day without any', () => {
    expect(isOpenAt(HOURS, 'UTC', new Date('2026-12-04T12:30:00Z'))).toBe(false);
    expect(isOpenAt(HOURS, 'UTC', new Date('2026-12-04T13:30:00Z'))).toBe(true);
    expect(isOpenAt(HOURS, 'UTC', new Date('2026-12-05T10:00:00Z'))).toBe(false);
  });

  it('takes the day of the time zone: late Sunday in Honolulu is Monday in UTC', () => {
    const sundayEvening = new Date('2026-12-07T05:00:00Z'); // Sunday 19:00 in Honolulu
    expect(
      isOpenAt({ ...HOURS, sunday: [{ open: '18:00', close: '20:00' }] }, 'Pacific/Honolulu', sundayEvening),
    ).toBe(true);
  });
});

describe('isOpenAt, hours past midnight', () => {
  const LATE: OpeningHours = {
    ...HOURS,
    friday: [{ open: '18:00', close: '02:00' }],
    sunday: [{ open: '00:00', close: '00:00' }],
  };

  it("is open after midnight until the previous day's range closes", () => {
    expect(isOpenAt(LATE, 'UTC', new Date('2026-12-04T23:30:00Z'))).toBe(true); // Friday 23:30
    expect(isOpenAt(LATE, 'UTC', new Date('2026-12-05T01:59:00Z'))).toBe(true); // Saturday 01:59
    expect(isOpenAt(LATE, 'UTC', new Date('2026-12-05T02:00:00Z'))).toBe(false);
    expect(isOpenAt(LATE, 'UTC', new Date('2026-12-04T17:59:00Z'))).toBe(false);
  });

  it('is open the whole day for 00:00–00:00, and not into the next day past it', () => {
    expect(isOpenAt(LATE, 'UTC', new Date('2026-12-06T00:00:00Z'))).toBe(true); // Sunday 00:00
    expect(isOpenAt(LATE, 'UTC', new Date('2026-12-06T23:59:00Z'))).toBe(true);
    expect(isOpenAt(LATE, 'UTC', new Date('2026-12-07T08:59:00Z'))).toBe(false); // Monday before nine
  });
});
