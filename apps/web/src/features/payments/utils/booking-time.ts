/**
 * A booking's requested date (`YYYY-MM-DD`) and time (`HH:MM`) are wall-clock values, not instants:
 * they are read as local time so that no time zone moves them to another day.
 */
function localDate(date: string, time = '00:00'): Date | undefined {
  const [year, month, day] = date.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  if (!year || !month || !day) return undefined;
  const at = new Date(year, month - 1, day, hours ?? 0, minutes ?? 0);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** "Friday, 14 March 2025" in the reader's locale. */
export function formatRequestedDate(date: string): string {
  const at = localDate(date);
  return at ? new Intl.DateTimeFormat(undefined, { dateStyle: 'full' }).format(at) : date;
}

/** "2:30 PM" or "14:30", as the reader's locale writes times. */
export function formatRequestedTime(date: string, time: string): string {
  const at = localDate(date, time);
  return at ? new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(at) : time;
}
