import { Link, useParams } from 'react-router';
import { BackButton } from '../../components/ui/back-button.tsx';
import { CarIcon } from '../../components/ui/icons.tsx';
import { EmptyState } from '../../components/ui/list-states.tsx';
import { PageHead } from '../../components/ui/page-head.tsx';
import { paths } from '../../config/paths.ts';
import { CarGridSkeleton } from '../../features/cars/index.ts';
import { useCategory } from '../../features/categories/index.ts';
import { useRecordShown } from '../../features/listing-stats/index.ts';
import { SaveSearchButton } from '../../features/saved-searches/index.ts';
import { CarSearch } from '../../features/search/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import { RatedCarGrid } from '../rated-car-grid.tsx';
import NotFoundPage from './not-found.tsx';

/** A category's cars for sale (login required): the car search within that category. */
export default function CategoryPage() {
  const { id = '' } = useParams();
  const category = useCategory(id);
  const recordShown = useRecordShown();

  if (category.error instanceof ApiError && category.error.status === 404) return <NotFoundPage />;

  const name = category.data?.name;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <PageHead
        title={name ?? 'Category'}
        description={
          name
            ? `The ${name} cars for sale on Redline, straight from their sellers.`
            : 'Cars for sale on Redline.'
        }
      />
      <BackButton fallback={paths.categories} />

      <header className="mb-8 mt-4 flex flex-wrap items-end justify-between gap-4 border-b border-base-300 pb-6">
        <div className="flex items-center gap-4">
          {category.data ? (
            <span className="flex size-14 shrink-0 items-center justify-center rounded-box bg-base-200">
              <img src={category.data.icon} alt="" width={36} height={36} className="size-9" />
            </span>
          ) : null}
          <div>
            <p className="text-sm font-semibold uppercase tracking-widest text-primary">Category</p>
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
              {name ?? <span className="skeleton inline-block h-9 w-48 align-middle" />}
            </h1>
          </div>
        </div>
        <Link to={paths.categories} className="btn btn-ghost btn-sm hidden sm:inline-flex">
          All categories
        </Link>
      </header>

      <CarSearch
        fixedCategory={id}
        renderCars={(cars) => (
          <RatedCarGrid
            cars={cars}
            priorityCount={3}
            headingLevel={2}
            label={name ? `${name} cars` : 'Cars'}
          />
        )}
        loading={<CarGridSkeleton count={6} label="Loading cars" />}
        renderSave={(search) => <SaveSearchButton {...search} />}
        onPageShown={recordShown}
        noCars={
          <EmptyState
            title="No cars in this category yet"
            icon={<CarIcon />}
            action={
              <Link to={paths.categories} className="btn btn-primary btn-sm">
                Browse categories
              </Link>
            }
          >
            Sellers list new cars every week. Try another category in the meantime.
          </EmptyState>
        }
      />
    </div>
  );
}
