/**
 * A booking's requested date (`YYYY-MM-DD`) and time (`HH:MM`) are wall-clock values, not instants:
 * format them as they are, never through a UTC `Date` that could shift the day.
 */
import { testDriveStartsAt } from './booking-dates.ts';
import { formatDate } from './format.ts';

/** "Mar 14, 2031" (or "Friday, March 14, 2031" with `full`). */
export function formatRequestedDate(date: string, style: 'medium' | 'full' = 'medium'): string {
  const at = testDriveStartsAt(date, '12:00');
  return at ? formatDate(at, style) : date;
}

/** "2:30 PM". */
export function formatRequestedTime(date: string, time: string): string {
  const at = testDriveStartsAt(date, time);
  return at ? formatDate(at, 'time') : time;
}
