import { formatMoney, HOME_CATEGORY_SKIP, TEST_DRIVE_FEE_CENTS } from '@redline/shared';
import { lazy } from 'react';
import { Link } from 'react-router';
import { HydrateNearScreen } from '../../components/ui/hydrate-near-screen.tsx';
import { PageHead } from '../../components/ui/page-head.tsx';
import { paths } from '../../config/paths.ts';
import { CategoryGrid } from '../../features/categories/index.ts';
import { Hero } from '../../features/marketing/index.ts';
import { CarsNearYou } from '../../features/search/index.ts';

// Below the fold on any screen: rendered by the server, taken over near the screen (ADRs 61 and 68).
// One element for the page's life, so that React keeps the server's HTML until then.
const HomeLowerSections = lazy(() => import('../home-lower-sections.tsx'));
const lowerSections = <HomeLowerSections />;

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

      <HydrateNearScreen fallback={<div className="min-h-screen" aria-hidden="true" />}>
        {lowerSections}
      </HydrateNearScreen>
    </>
  );
}
