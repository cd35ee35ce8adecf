/**
 * A booking's requested date (`YYYY-MM-DD`) and time (`HH:MM`) are wall-clock values, not
 * instants: format them as they are, never through a UTC `Date` that could shift the day.
 */
import { testDriveStartsAt } from '@redline/shared';

export function formatRequestedDate(date: string, time = '12:00'): string {
  const at = testDriveStartsAt(date, time);
  return at ? new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(at) : date;
}

export function formatRequestedTime(date: string, time: string): string {
  const at = testDriveStartsAt(date, time);
  return at ? new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(at) : time;
}
