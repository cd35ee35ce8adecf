import { ErrorState } from '../../../components/ui/list-states.tsx';
import { PageHead } from '../../../components/ui/page-head.tsx';
import {
  DailyChart,
  FiguresSection,
  ListingStatsList,
  StatTiles,
  useSellerStats,
} from '../../../features/listing-stats/index.ts';

/**
 * Performance (sellers, issue 49): the seller's figures of the last 30 days summed over their cars,
 * per day, and each car for sale with its own.
 */
export default function SellerPerformancePage() {
  const stats = useSellerStats();
  const data = stats.data;
  const nothingYet =
    data !== undefined &&
    data.carsForSale === 0 &&
    Object.values(data.totals).every((n) => n === 0) &&
    Object.values(data.previousTotals).every((n) => n === 0);

  return (
    <div>
      <PageHead
        title="Performance"
        description="How often buyers find your cars, open them and reach out, over the last 30 days."
      />
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Performance</h1>
        <p className="mt-1 text-base-content/75">
          The last 30 days of your listings: how often buyers saw them in search, opened them and reached out.
        </p>
      </header>
      {stats.isPending ? (
        <PerformanceSkeleton />
      ) : !data ? (
        <ErrorState
          message={`Could not load your figures. ${stats.error?.message ?? ''}`}
          onRetry={() => stats.refetch()}
        />
      ) : nothingYet ? (
        // Nothing to sum yet: the list says so and leads to Post a Car.
        <ListingStatsList />
      ) : (
        <div className="flex flex-col gap-8">
          <StatTiles
            totals={data.totals}
            previousTotals={data.previousTotals}
            carsForSale={data.carsForSale}
          />
          <FiguresSection title="Views and leads per day" span="All your cars, last 30 days">
            <DailyChart days={data.days} />
          </FiguresSection>
          <section aria-labelledby="listings-title">
            <h2 id="listings-title" className="mb-3 text-lg font-bold tracking-tight">
              Your cars for sale
            </h2>
            <ListingStatsList />
          </section>
        </div>
      )}
    </div>
  );
}

function PerformanceSkeleton() {
  return (
    <div aria-busy="true" role="status" className="flex flex-col gap-8">
      <span className="sr-only">Loading your figures…</span>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="skeleton h-28" />
        ))}
      </div>
      <div className="skeleton h-72" />
    </div>
  );
}
