/**
 * The seller's cars for sale with their figures of the last 30 days, newest first, a page at a time:
 * each line its car, its totals and views' trend, a sparkline of its views a day and how it fares
 * beside similar cars, and a link to the listing's own figures.
 */
import { formatMoney, formatNumber, type ListingStatsLine } from '@redline/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CarIcon } from '../../../components/ui/icons.tsx';
import { EmptyState, ErrorState, ListSkeleton, LoadMoreButton } from '../../../components/ui/list-states.tsx';
import { paths } from '../../../config/paths.ts';
import { useListingStatsLines } from '../api/list-listing-stats.ts';
import { COUNT_LABELS, leadsOf } from '../utils/listing-figures.ts';
import { ComparisonNote } from './comparison-note.tsx';
import { ListingPhoto, ListingStatus } from './listing-car.tsx';
import { Sparkline } from './sparkline.tsx';
import { TrendBadge } from './trend-badge.tsx';

export function ListingStatsList() {
  const lines = useListingStatsLines();
  const items = lines.data?.pages.flatMap((page) => page.items) ?? [];

  if (lines.isPending) return <ListSkeleton label="Loading your listings" />;
  if (lines.isError)
    return (
      <ErrorState
        message={`Could not load your listings. ${lines.error.message}`}
        onRetry={() => lines.refetch()}
      />
    );
  if (items.length === 0)
    return (
      <EmptyState
        title="No cars for sale"
        icon={<CarIcon />}
        action={
          <Link to={paths.dashSellerAddCar} className="btn btn-primary btn-sm">
            Post a Car
          </Link>
        }
      >
        Post a car, and see here how often buyers find it, open it and reach out.
      </EmptyState>
    );
  return (
    <>
      <ul className="flex flex-col gap-3">
        {items.map((line) => (
          <ListingLine key={line.car.id} line={line} />
        ))}
      </ul>
      <LoadMoreButton
        hasNextPage={lines.hasNextPage}
        isFetchingNextPage={lines.isFetchingNextPage}
        fetchNextPage={lines.fetchNextPage}
      />
    </>
  );
}

function Figure({ label, value, children }: { label: string; value: number; children?: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-base-content/65">{label}</dt>
      <dd className="flex items-center gap-1.5 font-semibold tabular-nums">
        {formatNumber(value)}
        {children}
      </dd>
    </div>
  );
}

function ListingLine({ line }: { line: ListingStatsLine }) {
  const { car, totals, previousTotals } = line;
  return (
    <li className="relative rounded-box border border-base-300 bg-base-100 p-4 transition-colors hover:border-primary/40 sm:p-5">
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_auto_10rem] md:items-center md:gap-6">
        <div className="flex min-w-0 items-center gap-4">
          <ListingPhoto car={car} className="h-16 w-24" />
          <div className="min-w-0">
            <h3 className="line-clamp-2 font-semibold leading-snug">
              <Link
                to={paths.listingPerformance(car.id)}
                className="after:absolute after:inset-0 after:rounded-box focus-visible:outline-none hover:text-primary"
              >
                {car.name}
              </Link>
            </h3>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
              <span className="font-semibold tabular-nums">{formatMoney(car.askingPrice)}</span>
              <ListingStatus status={car.status} />
            </p>
          </div>
        </div>
        <dl aria-label="Last 30 days" className="grid grid-cols-3 gap-4 md:gap-6">
          <Figure label={COUNT_LABELS.impressions} value={totals.impressions} />
          <Figure label={COUNT_LABELS.views} value={totals.views}>
            <TrendBadge current={totals.views} previous={previousTotals.views} />
          </Figure>
          <Figure label="Leads" value={leadsOf(totals)} />
        </dl>
        <Sparkline values={line.viewsByDay} />
      </div>
      <div className="mt-3 border-t border-base-200 pt-3 text-sm">
        <ComparisonNote car={car} comparison={line.comparison} />
      </div>
    </li>
  );
}
