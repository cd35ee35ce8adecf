/**
 * A dealer's opening hours as pages read them, without zod (ADR 2: the seller page shows them and
 * loads no schema); the schema that checks them is `openingHoursSchema` (dealers.ts).
 */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Each weekday's name as pages show it. */
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** One stretch of a day, "HH:MM" (24-hour); closing at or before it opens is closing after midnight. */
export interface OpeningRange {
  open: string;
  close: string;
}

/** The week: each day none (closed), or one or two ranges, the second after the first. */
export type OpeningHours = Record<Weekday, OpeningRange[]>;

/** The weekday `days` after `day` (before it, when negative). */
export function weekdayAfter(day: Weekday, days: number): Weekday {
  const count = WEEKDAYS.length;
  return WEEKDAYS[(((WEEKDAYS.indexOf(day) + days) % count) + count) % count] as Weekday;
}

/** Whether the range closes the next day, after midnight. */
export function pastMidnight(range: OpeningRange): boolean {
  return range.close <= range.open;
}

/**
 * Whether a dealer keeping these hours is open at `now`, in its time zone: in one of the day's ranges,
 * or still in the previous day's range that closes after midnight.
 */
export function isOpenAt(hours: OpeningHours, timeZone: string, now: Date): boolean {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const time = `${part('hour')}:${part('minute')}`;
  const day = part('weekday').toLowerCase() as Weekday;
  return (
    hours[day].some((range) => time >= range.open && (pastMidnight(range) || time < range.close)) ||
    hours[weekdayAfter(day, -1)].some((range) => pastMidnight(range) && time < range.close)
  );
}
