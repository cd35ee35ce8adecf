import { useNavigate } from 'react-router';
import { PageHead } from '../../../components/ui/page-head.tsx';
import { paths } from '../../../config/paths.ts';
import { CarForm } from '../../../features/cars/index.ts';
import { useCategories } from '../../../features/categories/index.ts';
import { useMe } from '../../../lib/auth.ts';

/** Post a Car (sellers): the add-car form with its photo uploads; on success, to My Posts. */
export default function SellerAddCarPage() {
  const navigate = useNavigate();
  const categories = useCategories();
  const me = useMe();

  return (
    <div className="mx-auto max-w-3xl">
      <PageHead title="Post a Car" description="Post a car for sale on Redline." />
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Post a Car</h1>
        <p className="mt-1 text-base-content/75">
          Describe the car honestly, add good photos, and confirm the declarations. Buyers see your post in
          its category as soon as you publish it.
        </p>
      </header>
      {categories.isError ? (
        <div role="alert" className="alert alert-error alert-soft mb-4">
          <span>Could not load the categories. {categories.error.message}</span>
          <button type="button" className="btn btn-sm" onClick={() => categories.refetch()}>
            Try again
          </button>
        </div>
      ) : null}
      <CarForm
        // The form starts from the seller's default location: it waits for it (the page's guard has it already).
        key={me.data ? 'seller' : 'loading'}
        defaultPlace={me.data?.location}
        categories={categories.data}
        onSaved={() => navigate(paths.dashSellerCars)}
      />
    </div>
  );
}
