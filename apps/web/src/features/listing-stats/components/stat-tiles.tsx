/**
 * The totals of the last 30 days as tiles, each with its trend against the 30 days before: times
 * shown in search, page views, leads (with their kinds) and, for the seller's summary, the cars for sale.
 */
import { formatNumber, LEAD_COUNTS, type ListingCounts } from '@redline/shared';
import type { ReactNode } from 'react';
import { COUNT_LABELS, countText, leadsOf, PREVIOUS_SPAN } from '../utils/listing-figures.ts';
import { TrendBadge } from './trend-badge.tsx';

function Tile({
  label,
  value,
  trend,
  children,
}: {
  label: string;
  value: string;
  trend?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1 rounded-box border border-base-300 bg-base-100 p-4 sm:p-5">
      <dt className="text-sm font-medium text-base-content/70">{label}</dt>
      <dd className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="text-2xl font-bold tracking-tight tabular-nums sm:text-3xl">{value}</span>
        {trend}
      </dd>
      {children ? <dd className="text-xs text-base-content/70">{children}</dd> : null}
    </div>
  );
}

export function StatTiles({
  totals,
  previousTotals,
  carsForSale,
}: {
  totals: ListingCounts;
  previousTotals: ListingCounts;
  /** The seller's cars for sale now (their summary's fourth tile). */
  carsForSale?: number;
}) {
  const leads = leadsOf(totals);
  return (
    <dl
      aria-label={`Totals of the last 30 days, with the trend on ${PREVIOUS_SPAN}`}
      className="grid grid-cols-2 gap-3 lg:grid-cols-4"
    >
      <Tile
        label={COUNT_LABELS.impressions}
        value={formatNumber(totals.impressions)}
        trend={<TrendBadge current={totals.impressions} previous={previousTotals.impressions} />}
      />
      <Tile
        label={COUNT_LABELS.views}
        value={formatNumber(totals.views)}
        trend={<TrendBadge current={totals.views} previous={previousTotals.views} />}
      />
      <Tile
        label="Leads"
        value={formatNumber(leads)}
        trend={<TrendBadge current={leads} previous={leadsOf(previousTotals)} />}
      >
        {LEAD_COUNTS.filter((count) => totals[count] > 0)
          .map((count) => countText(count, totals[count]))
          .join(' · ') || 'Saves, messages, offers and test drives'}
      </Tile>
      {carsForSale === undefined ? (
        <Tile
          label="Lead rate"
          value={totals.views === 0 ? '—' : `${Math.round((leads / totals.views) * 100)}%`}
        >
          Of page views, those that became a lead
        </Tile>
      ) : (
        <Tile label="Cars for sale" value={formatNumber(carsForSale)} />
      )}
    </dl>
  );
}
