import { PageHead } from '../../components/ui/page-head.tsx';
import { paths } from '../../config/paths.ts';
import { CategoryGrid } from '../../features/categories/index.ts';

export default function CategoriesPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:py-14">
      <PageHead
        title="Categories"
        description="Browse the cars on Redline by category, each straight from its seller."
        canonical={paths.categories}
      />
      <header className="mb-8 max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Categories</h1>
        <p className="mt-2 text-base-content/75">
          From weekend track weapons to quiet electric grand tourers: pick a category to see every car in it.
        </p>
      </header>
      <CategoryGrid headingLevel={2} priorityCount={3} />
    </div>
  );
}
