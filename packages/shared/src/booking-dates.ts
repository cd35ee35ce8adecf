/**
 * The date rules of test-drive bookings, apart from the schemas in bookings.ts: pages that show
 * bookings use them, and a module with zod schemas at its top level would bring zod into those pages'
 * JavaScript (docs/decisions/0002).
 */
import { BOOKING_HORIZON_DAYS } from './constants.ts';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The hours a test drive may start, a wall-clock `HH:MM` like the booking's time: daylight hours a
 * seller can show a car in, so that nobody is asked to meet a stranger at 3 AM.
 */
export const TEST_DRIVE_HOURS = { from: '08:00', to: '20:00' } as const;

/** Whether a `HH:MM` time is within TEST_DRIVE_HOURS (`HH:MM` strings order as times do). */
export const isWithinTestDriveHours = (time: string) =>
  time >= TEST_DRIVE_HOURS.from && time <= TEST_DRIVE_HOURS.to;

/** Midnight of a `YYYY-MM-DD` date in the local time zone, or undefined when no such day exists. */
export function localDay(date: string): Date | undefined {
  if (!DATE_PATTERN.test(date)) return undefined;
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const at = new Date(year, month - 1, day);
  return at.getFullYear() === year && at.getMonth() === month - 1 && at.getDate() === day ? at : undefined;
}

/** `YYYY-MM-DD` of a moment in the local time zone. */
export function localDateString(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/**
 * When a requested test drive starts. A booking's date and time are a wall-clock time where the
 * process runs: the browser's zone in the form, the server's zone on the server (which decides).
 */
export function testDriveStartsAt(date: string, time: string): Date | undefined {
  const day = localDay(date);
  if (!day || !TIME_PATTERN.test(time)) return undefined;
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), hours, minutes);
}

/** The last date a test drive may be booked for, counted in calendar days from today. */
export function lastBookableDate(now = new Date()): string {
  return localDateString(new Date(now.getFullYear(), now.getMonth(), now.getDate() + BOOKING_HORIZON_DAYS));
}
