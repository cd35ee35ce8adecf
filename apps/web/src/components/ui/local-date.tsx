/**
 * A date in the reader's time zone that cannot break hydration: the server renders it in UTC, where
 * a reader east or west of it may be on another day. A page the server rendered first shows the
 * server's form, as its HTML did, then the reader's once it has hydrated; a page the browser renders
 * itself shows the reader's at once.
 */

import { type DateStyle, formatDate } from '@redline/shared';
import { useHydrated } from '../../lib/use-hydrated.ts';

type LocalDateProps = { value: string; style?: DateStyle };

export function LocalDate({ value, style = 'medium' }: LocalDateProps) {
  const hydrated = useHydrated();
  const text = formatDate(value, style, hydrated ? 'local' : 'UTC');
  return <time dateTime={value}>{text}</time>;
}
