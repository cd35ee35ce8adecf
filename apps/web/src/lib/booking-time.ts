/**
 * A booking's requested date (`YYYY-MM-DD`) and time (`HH:MM`) are wall-clock values, not instants:
 * format them as they are, never through a UTC `Date` that could shift the day.
 */
import { testDriveStartsAt } from '@redline/shared';

/** "Mar 14, 2031" (or "Friday, March 14, 2031" with `full`) in the reader's locale. */
export function formatRequestedDate(date: string, dateStyle: 'medium' | 'full' = 'medium'): string {
  const at = testDriveStartsAt(date, '12:00');
  return at ? new Intl.DateTimeFormat(undefined, { dateStyle }).format(at) : date;
}

/** "2:30 PM" or "14:30", as the reader's locale writes times. */
export function formatRequestedTime(date: string, time: string): string {
  const at = testDriveStartsAt(date, time);
  return at ? new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(at) : time;
}
