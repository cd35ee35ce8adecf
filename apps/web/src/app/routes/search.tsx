import { Link, useSearchParams } from 'react-router';
import { CarIcon } from '../../components/ui/icons.tsx';
import { EmptyState } from '../../components/ui/list-states.tsx';
import { PageHead } from '../../components/ui/page-head.tsx';
import { paths } from '../../config/paths.ts';
import { CarGridSkeleton } from '../../features/cars/index.ts';
import { useRecordShown } from '../../features/listing-stats/index.ts';
import { SaveSearchButton } from '../../features/saved-searches/index.ts';
import { CarSearch, unsearchableText, useSearchState } from '../../features/search/index.ts';
import { RatedCarGrid } from '../rated-car-grid.tsx';

/**
 * The car search (login required): text from the navigation bar's search box, filters, sort. A text
 * with nothing to search for (only emoji or punctuation) is said so, over all the cars for sale.
 */
export default function SearchPage() {
  const [{ q }] = useSearchState();
  const [params] = useSearchParams();
  const unsearchable = unsearchableText(params);
  const recordShown = useRecordShown();
  const title = q ? `Results for “${q}”` : 'All cars for sale';

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <PageHead
        title={q ? `${q} · Search` : 'Search'}
        description="Search the cars for sale on Redline by brand, model, fuel, year, price and mileage."
      />
      <header className="mb-8 border-b border-base-300 pb-6">
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">Search</p>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {unsearchable ? (
          <p className="mt-2 text-base-content/75">
            Nothing to search for in “{unsearchable}”. Search for a make, model or word.
          </p>
        ) : null}
      </header>

      <CarSearch
        renderCars={(cars) => (
          <RatedCarGrid cars={cars} priorityCount={3} headingLevel={2} label="Cars found" />
        )}
        loading={<CarGridSkeleton count={6} label="Loading cars" />}
        renderSave={(search) => <SaveSearchButton {...search} />}
        onPageShown={recordShown}
        noCars={
          <EmptyState
            title="No cars for sale yet"
            icon={<CarIcon />}
            action={
              <Link to={paths.categories} className="btn btn-primary btn-sm">
                Browse categories
              </Link>
            }
          >
            Sellers list new cars every week. Come back soon.
          </EmptyState>
        }
      />
    </div>
  );
}
