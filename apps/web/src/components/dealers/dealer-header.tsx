import {
  type Dealer,
  isOpenAt,
  type OpeningHours,
  placeName,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type Weekday,
} from '@redline/shared';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { VerifiedDealerBadge } from '../ui/verified-badge.tsx';
import { DealerPhone } from './dealer-phone.tsx';

/** A day's hours as read: "09:00–12:00, 13:00–18:00", or "Closed". */
export const dayHours = (ranges: OpeningHours[Weekday]) =>
  ranges.length === 0 ? 'Closed' : ranges.map((range) => `${range.open}–${range.close}`).join(', ');

/**
 * The top of a dealer's page: logo, business name, the verified dealer's badge, address, whether it
 * is open now (in its time zone, when its state keeps one; after hydration, as a kept page was
 * rendered earlier), the week's hours, phone, website and about text.
 */
export function DealerHeader({
  dealer,
  sellerName,
  Title = 'h1',
}: {
  dealer: Dealer;
  sellerName: string;
  /** The business name's heading: the page's own, or a lower one in a preview. */
  Title?: 'h1' | 'h3';
}) {
  const hydrated = useHydrated();
  const open = hydrated && dealer.timeZone ? isOpenAt(dealer.hours, dealer.timeZone, new Date()) : undefined;
  return (
    <header className="mt-4 mb-10 border-b border-base-300 pb-6">
      <div className="flex items-start gap-4 sm:gap-5">
        {dealer.logo ? (
          <img
            src={dealer.logo.src}
            srcSet={dealer.logo.srcSet}
            sizes="96px"
            width={dealer.logo.width}
            height={dealer.logo.height}
            alt={`${dealer.businessName} logo`}
            className="size-16 shrink-0 rounded-box border border-base-300 bg-base-100 object-contain sm:size-24"
          />
        ) : null}
        <div className="min-w-0">
          <p className="text-sm font-semibold uppercase tracking-widest text-primary">Dealer</p>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Title className="text-3xl font-bold tracking-tight sm:text-4xl">{dealer.businessName}</Title>
            {dealer.verifiedAt ? <VerifiedDealerBadge /> : null}
          </div>
          <p className="mt-1 text-sm text-base-content/70">Sold by {sellerName}</p>
        </div>
      </div>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <dl className="grid grid-cols-[auto_1fr] content-start gap-x-4 gap-y-2 text-sm">
          <dt className="font-semibold">Address</dt>
          <dd>
            <address className="not-italic">
              {dealer.street}, {placeName(dealer.place)} {dealer.place.postalCode}
            </address>
          </dd>
          <dt className="font-semibold">Phone</dt>
          <dd>
            <DealerPhone phone={dealer.phone} />
          </dd>
          {dealer.website ? (
            <>
              <dt className="font-semibold">Website</dt>
              <dd className="min-w-0 break-all">
                <a className="link" href={dealer.website} rel="nofollow ugc noopener" target="_blank">
                  {dealer.website.replace(/^https?:\/\//, '')}
                </a>
              </dd>
            </>
          ) : null}
        </dl>
        <section aria-labelledby="dealer-hours-title">
          <h2 id="dealer-hours-title" className="flex items-center gap-2 text-sm font-semibold">
            Opening hours
            {open === undefined ? null : (
              <span className={`badge badge-sm ${open ? 'badge-success' : 'badge-neutral'}`}>
                {open ? 'Open now' : 'Closed now'}
              </span>
            )}
          </h2>
          <table className="mt-2 text-sm">
            <tbody>
              {WEEKDAYS.map((day) => (
                <tr key={day}>
                  <th scope="row" className="pe-4 text-start font-normal text-base-content/70">
                    {WEEKDAY_NAMES[day]}
                  </th>
                  <td className="tabular-nums">{dayHours(dealer.hours[day])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
      {dealer.about ? <p className="mt-6 max-w-prose whitespace-pre-line">{dealer.about}</p> : null}
    </header>
  );
}
