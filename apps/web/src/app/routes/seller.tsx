import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { BackButton } from '../../components/ui/back-button.tsx';
import { CarIcon } from '../../components/ui/icons.tsx';
import { EmptyState, ErrorState, MorePages } from '../../components/ui/list-states.tsx';
import { PageHead } from '../../components/ui/page-head.tsx';
import { paths } from '../../config/paths.ts';
import { CarGridSkeleton } from '../../features/cars/index.ts';
import { SellerReviews } from '../../features/reviews/index.ts';
import { CarSearch, searchCarsQueryOptions, searchOfSeller } from '../../features/search/index.ts';
import { SellerHeader, SellerHeaderSkeleton, useSeller } from '../../features/sellers/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import { RatedCarGrid } from '../rated-car-grid.tsx';
import NotFoundPage from './not-found.tsx';

/**
 * A seller's page (login required): who they are and their cars for sale, a page at a time; a
 * dealer's cars are searchable, with the search's filters, within its inventory; then their reviews.
 */
export default function SellerPage() {
  const { id = '' } = useParams();
  const seller = useSeller(id);
  // Their cars are the search's, for this seller: under `cars`, so a seller's own edit refreshes them.
  const cars = useInfiniteQuery(searchCarsQueryOptions(searchOfSeller(id)));

  if (seller.error instanceof ApiError && seller.error.status === 404) return <NotFoundPage />;

  const name = seller.data?.name;
  const items = cars.data?.pages.flatMap((page) => page.items) ?? [];
  const total = cars.data?.pages.at(-1)?.total;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <PageHead
        title={seller.data?.dealer?.businessName ?? name ?? 'Seller'}
        description={name ? `The cars ${name} has for sale on Redline.` : 'A seller on Redline.'}
      />
      <BackButton fallback={paths.categories} />

      {seller.isPending ? (
        <SellerHeaderSkeleton />
      ) : seller.isError ? (
        <div className="mt-4 mb-10">
          <ErrorState
            message={`Could not load this seller. ${seller.error.message}`}
            onRetry={() => seller.refetch()}
          />
        </div>
      ) : (
        <SellerHeader seller={seller.data} />
      )}

      {seller.data?.dealer ? (
        <section aria-labelledby="seller-cars-title">
          <h2 id="seller-cars-title" className="mb-6 text-2xl font-bold tracking-tight">
            Cars for sale at {seller.data.dealer.businessName}
          </h2>
          <CarSearch
            fixedSeller={id}
            renderCars={(found) => (
              <RatedCarGrid
                cars={found}
                priorityCount={3}
                headingLevel={3}
                label={`Cars for sale by ${name}`}
              />
            )}
            loading={<CarGridSkeleton count={3} label="Loading the dealer's cars" />}
            noCars={
              <EmptyState title="Nothing for sale right now" icon={<CarIcon />}>
                {seller.data.dealer.businessName} has no cars for sale at the moment.
              </EmptyState>
            }
          />
        </section>
      ) : (
        <section aria-labelledby="seller-cars-title">
          <h2
            id="seller-cars-title"
            className="mb-6 flex items-center gap-3 text-2xl font-bold tracking-tight"
          >
            Cars for sale{' '}
            {total === undefined ? null : (
              <span className="badge badge-neutral badge-lg font-semibold tabular-nums">
                {total}
                <span className="sr-only"> {total === 1 ? 'car' : 'cars'}</span>
              </span>
            )}
          </h2>
          {cars.isPending ? (
            <CarGridSkeleton count={3} label="Loading the seller's cars" />
          ) : cars.isError ? (
            <ErrorState
              message={`Could not load the cars. ${cars.error.message}`}
              onRetry={() => cars.refetch()}
            />
          ) : items.length === 0 ? (
            <EmptyState
              title="Nothing for sale right now"
              icon={<CarIcon />}
              action={
                <Link to={paths.categories} className="btn btn-primary btn-sm">
                  Browse categories
                </Link>
              }
            >
              {name ?? 'This seller'} has no cars for sale at the moment. Other sellers list new cars every
              week.
            </EmptyState>
          ) : (
            <>
              <RatedCarGrid
                cars={items}
                priorityCount={3}
                label={name ? `Cars for sale by ${name}` : 'Cars for sale'}
              />
              <MorePages
                shown={items.length}
                total={total ?? items.length}
                pages={cars.data?.pages.length ?? 0}
                noun={['car', 'cars']}
                hasNextPage={cars.hasNextPage}
                isFetchingNextPage={cars.isFetchingNextPage}
                fetchNextPage={cars.fetchNextPage}
              />
            </>
          )}
        </section>
      )}

      {seller.data ? (
        <SellerReviews
          sellerId={id}
          sellerName={seller.data.dealer?.businessName ?? seller.data.name}
          summary={seller.data.reviews}
        />
      ) : null}
    </div>
  );
}
