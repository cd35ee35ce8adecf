import { formatMoney } from '@redline/shared';
import { Link, useParams } from 'react-router';
import { BackButton } from '../../../components/ui/back-button.tsx';
import { EmptyState, ErrorState } from '../../../components/ui/list-states.tsx';
import { LocalDate } from '../../../components/ui/local-date.tsx';
import { PageHead } from '../../../components/ui/page-head.tsx';
import { paths } from '../../../config/paths.ts';
import {
  ComparisonNote,
  DailyChart,
  FiguresSection,
  FunnelChart,
  ListingPhoto,
  ListingStatus,
  StatTiles,
  useListingStats,
} from '../../../features/listing-stats/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import NotFoundPage from '../not-found.tsx';

/**
 * One of the seller's cars, its figures of the last 30 days (issue 49): its totals with their trend,
 * per day, its funnel from search results to leads, and how it fares beside similar cars.
 */
export default function SellerListingPerformancePage() {
  const { id = '' } = useParams();
  const stats = useListingStats(id);

  if (stats.error instanceof ApiError && stats.error.status === 404) return <NotFoundPage />;
  if (stats.error instanceof ApiError && stats.error.status === 403) return <NotYours />;

  const data = stats.data;
  return (
    <div>
      <PageHead
        title={data ? `Performance of the ${data.car.name}` : 'Performance of a listing'}
        description="How often buyers find this car, open it and reach out, over the last 30 days."
      />
      <BackButton fallback={paths.dashSellerPerformance} label="Performance" />
      {stats.isPending ? (
        <div aria-busy="true" role="status" className="mt-4 flex flex-col gap-6">
          <span className="sr-only">Loading the figures…</span>
          <div className="skeleton h-24" />
          <div className="skeleton h-72" />
        </div>
      ) : !data ? (
        <div className="mt-4">
          <ErrorState
            message={`Could not load the figures of this car. ${stats.error?.message ?? ''}`}
            onRetry={() => stats.refetch()}
          />
        </div>
      ) : (
        <div className="mt-4 flex flex-col gap-8">
          <header className="flex flex-col gap-4 sm:flex-row sm:items-center">
            <div className="flex min-w-0 flex-1 items-center gap-4 sm:gap-5">
              <ListingPhoto car={data.car} className="h-16 w-24 sm:h-24 sm:w-32" />
              <div className="min-w-0">
                <h1 className="text-xl font-bold tracking-tight sm:text-3xl">{data.car.name}</h1>
                <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-base-content/75">
                  <span className="text-base font-semibold text-base-content tabular-nums">
                    {formatMoney(data.car.askingPrice)}
                  </span>
                  <ListingStatus status={data.car.status} />
                  <span>
                    Listed <LocalDate value={data.car.postedAt} />
                  </span>
                </p>
              </div>
            </div>
            <Link to={paths.car(data.car.id)} className="btn btn-outline btn-sm self-start sm:self-center">
              See its page
            </Link>
          </header>
          <StatTiles totals={data.totals} previousTotals={data.previousTotals} />
          <section
            aria-labelledby="comparison-title"
            className="rounded-box border border-base-300 bg-base-200/60 p-4 sm:p-5"
          >
            <h2
              id="comparison-title"
              className="text-xs font-semibold uppercase tracking-widest text-base-content/60"
            >
              Beside similar cars
            </h2>
            <div className="mt-1 text-base">
              <ComparisonNote car={data.car} comparison={data.comparison} />
            </div>
          </section>
          <FiguresSection title="Views and leads per day" span="Last 30 days">
            <DailyChart days={data.days} />
          </FiguresSection>
          <FiguresSection title="From search to leads" span="Last 30 days">
            <FunnelChart totals={data.totals} />
          </FiguresSection>
        </div>
      )}
    </div>
  );
}

/** Another seller's car: its figures are theirs. */
function NotYours() {
  return (
    <div className="mt-4">
      <PageHead title="Not your car" description="The figures of a car are its seller's." />
      <EmptyState
        title="This car is not one of yours"
        action={
          <Link to={paths.dashSellerPerformance} className="btn btn-primary btn-sm">
            Your performance
          </Link>
        }
      >
        A car's figures are for its seller only.
      </EmptyState>
    </div>
  );
}
