import { Link } from 'react-router';
import { PageHead } from '../../../components/ui/page-head.tsx';
import { PageProgress } from '../../../components/ui/progress-bar.tsx';
import { paths } from '../../../config/paths.ts';
import { SellerCarsList } from '../../../features/cars/index.ts';
import { useCategories } from '../../../features/categories/index.ts';
import { useMe } from '../../../lib/auth.ts';

/** My Posts (sellers): every car the seller posted, sold ones included. */
export default function SellerCarsPage() {
  const me = useMe();
  const categories = useCategories();

  return (
    <div>
      <PageHead
        title="My Posts"
        description="The cars you have posted on Redline: edit, advertise or delete them."
      />
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My Posts</h1>
          <p className="mt-1 text-base-content/75">
            Advertise a post to feature it in What's New on the home page.
          </p>
        </div>
        <Link to={paths.dashSellerAddCar} className="btn btn-primary btn-sm">
          Post a Car
        </Link>
      </header>
      {me.data ? (
        <SellerCarsList email={me.data.email} categories={categories.data} />
      ) : (
        <PageProgress label="Loading your posts" />
      )}
    </div>
  );
}
