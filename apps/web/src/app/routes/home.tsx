import { formatMoney, HOME_CATEGORY_SKIP, TEST_DRIVE_FEE_CENTS } from '@redline/shared';
import { Link } from 'react-router';
import { PageHead } from '../../components/ui/page-head.tsx';
import { paths } from '../../config/paths.ts';
import { WhatsNew } from '../../features/cars/index.ts';
import { CategoryGrid } from '../../features/categories/index.ts';
import { Hero, WhyUs } from '../../features/marketing/index.ts';
import { CarsNearYou } from '../../features/search/index.ts';
import { RatedCarGrid } from '../rated-car-grid.tsx';

export default function HomePage() {
  return (
    <>
      <PageHead
        title="Exotic and used cars"
        description={`Redline is the marketplace for exotic and used cars: browse cars straight from their sellers, book a test drive for ${formatMoney(TEST_DRIVE_FEE_CENTS)} and list your own car in minutes.`}
        canonical={paths.home}
      />
      <Hero>
        <CarsNearYou />
      </Hero>

      <section aria-labelledby="home-categories-title" className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
        <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-sm font-semibold uppercase tracking-widest text-primary">Browse</p>
            <h2 id="home-categories-title" className="mt-1 text-3xl font-bold tracking-tight">
              Shop by category
            </h2>
          </div>
          <Link to={paths.categories} className="btn btn-outline btn-sm">
            See all categories
          </Link>
        </div>
        <CategoryGrid skip={HOME_CATEGORY_SKIP} />
      </section>

      <WhyUs />

      <WhatsNew renderCars={(cars) => <RatedCarGrid cars={cars} label="New arrivals" />} />
    </>
  );
}
