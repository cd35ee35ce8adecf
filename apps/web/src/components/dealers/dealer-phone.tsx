/**
 * A dealer's phone number as a link, in international format. Its formatter, libphonenumber with its
 * metadata (phone-display.ts, 28 KB gzip), loads beside the dealer's page rather than with it: the
 * server renders the number formatted, and React keeps that HTML until the formatter has come. A page
 * the browser renders itself shows the number as stored (E.164) until then; the download starts as
 * this module loads, with the page, so it has usually come by the time the page's data has.
 */
import { lazy, Suspense, useMemo } from 'react';

const loading = import('./phone-link.tsx');
const PhoneLink = lazy(() => loading);

export function DealerPhone({ phone }: { phone: string }) {
  // One element while the number stays: React gives a server-rendered boundary that waits for its
  // code up for the fallback if it gets new props first (the header re-renders once hydrated).
  return useMemo(
    () => (
      <Suspense
        fallback={
          <a className="link" href={`tel:${phone}`}>
            {phone}
          </a>
        }
      >
        <PhoneLink phone={phone} />
      </Suspense>
    ),
    [phone],
  );
}
