import { COMPARE_MAX } from '@redline/shared';
import { Link, useSearchParams } from 'react-router';
import { CompareIcon } from '../../components/ui/icons.tsx';
import { EmptyState, ErrorState } from '../../components/ui/list-states.tsx';
import { PageHead } from '../../components/ui/page-head.tsx';
import { ShareButton } from '../../components/ui/share-button.tsx';
import { paths } from '../../config/paths.ts';
import { CarComparison, comparisonOf, useComparedCars } from '../../features/cars/index.ts';
import { ApiError } from '../../lib/api-client.ts';

/**
 * Cars side by side (anyone's with BROWSING=public, else signed-in users'), from the address alone
 * (`?ids=a,b&near=90210`), so that it can be shared and opened by someone who chose nothing. A car no
 * longer for sale (sold, deleted, or never one) is left out with a note, never an error page.
 */
export default function ComparePage() {
  const [params] = useSearchParams();
  const address = comparisonOf(params);
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-10">
      <PageHead
        title="Compare cars"
        description={`Up to ${COMPARE_MAX} cars for sale on Redline side by side: price, mileage, place and specifications.`}
      />
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3 border-b border-base-300 pb-5">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-primary">Compare</p>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Cars side by side</h1>
        </div>
        {address.kind === 'cars' ? <ShareButton title="Cars side by side on Redline" /> : null}
      </header>
      {address.kind === 'cars' ? (
        <Comparison ids={address.ids} near={address.near} />
      ) : (
        <NothingToCompare invalid={address.kind === 'invalid'} />
      )}
    </div>
  );
}

function Comparison({ ids, near }: { ids: string[]; near: string | undefined }) {
  const compared = useComparedCars(ids, near);
  if (compared.isPending) return <ComparisonSkeleton columns={ids.length} />;
  if (compared.isError) {
    return compared.error instanceof ApiError && compared.error.status === 400 ? (
      <NothingToCompare invalid />
    ) : (
      <ErrorState
        message={`Could not load these cars. ${compared.error.message}`}
        onRetry={() => compared.refetch()}
      />
    );
  }
  const cars = compared.data.items;
  const gone = ids.length - cars.length;
  if (cars.length === 0) {
    return (
      <EmptyState
        title={ids.length === 1 ? 'This car is no longer for sale' : 'These cars are no longer for sale'}
        icon={<CompareIcon size={32} />}
        action={
          <Link to={paths.search()} className="btn btn-primary btn-sm">
            Browse cars for sale
          </Link>
        }
      >
        They were sold or taken down. Choose other cars with “Compare” on their cards.
      </EmptyState>
    );
  }
  return (
    <>
      {gone > 0 ? (
        <p role="status" className="alert alert-info alert-soft mb-5 text-sm">
          {gone === 1
            ? '1 car of this comparison is no longer for sale: it was sold or taken down, and is left out.'
            : `${gone} cars of this comparison are no longer for sale: they were sold or taken down, and are left out.`}
        </p>
      ) : null}
      <CarComparison cars={cars} near={near} />
    </>
  );
}

/** No cars in the address, or an address that no comparison has (too many cars, a malformed id). */
function NothingToCompare({ invalid }: { invalid: boolean }) {
  return (
    <EmptyState
      title={invalid ? 'This comparison’s address is not valid' : 'No cars to compare yet'}
      icon={<CompareIcon size={32} />}
      action={
        <Link to={paths.search()} className="btn btn-primary btn-sm">
          Find cars to compare
        </Link>
      }
    >
      {invalid
        ? `A comparison shows 1 to ${COMPARE_MAX} cars for sale. Choose them again with “Compare” on their cards.`
        : `Press “Compare” on up to ${COMPARE_MAX} cars in the search or on their pages, then open the comparison from the bar at the bottom.`}
    </EmptyState>
  );
}

function ComparisonSkeleton({ columns }: { columns: number }) {
  return (
    <div role="status" aria-label="Loading the cars" className="flex gap-4 overflow-hidden">
      <div className="hidden w-44 shrink-0 flex-col gap-3 pt-56 sm:flex">
        {[0, 1, 2, 3, 4].map((row) => (
          <div key={row} className="skeleton h-4 w-28" />
        ))}
      </div>
      {Array.from({ length: columns }, (_, column) => (
        <div key={column} className="flex w-64 shrink-0 flex-col gap-3 lg:flex-1">
          <div className="skeleton aspect-[3/2] w-full" />
          <div className="skeleton h-5 w-3/4" />
          <div className="skeleton h-6 w-1/2" />
          {[0, 1, 2, 3].map((row) => (
            <div key={row} className="skeleton h-4 w-2/3" />
          ))}
        </div>
      ))}
    </div>
  );
}
