/**
 * A date in the reader's language and time zone that cannot break hydration: the server renders in
 * en-US and UTC, where a reader elsewhere would format the same date otherwise. A page the server
 * rendered first shows the server's form, as its HTML did, then the reader's once it has hydrated; a
 * page the browser renders itself shows the reader's at once.
 */
import { useSyncExternalStore } from 'react';
import { formatDate } from '../../lib/format.ts';

const SERVER_LOCALE = 'en-US';
const SERVER_TIME_ZONE = 'UTC';

const subscribeToNothing = () => () => {};

type LocalDateProps = { value: string; options?: Intl.DateTimeFormatOptions };

export function LocalDate({ value, options = { dateStyle: 'medium' } }: LocalDateProps) {
  // While hydrating, React reads the server's snapshot (false), then renders again with the browser's.
  const hydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  const text = hydrated
    ? formatDate(value, options)
    : formatDate(value, { ...options, timeZone: SERVER_TIME_ZONE }, SERVER_LOCALE);
  return <time dateTime={value}>{text}</time>;
}
