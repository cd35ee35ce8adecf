import { gridImageLoading } from '../../../components/ui/image-loading.ts';
import { useCategories } from '../api/get-categories.ts';
import { CategoryCard } from './category-card.tsx';

type CategoryGridProps = {
  /** How many categories to leave out from the start (the home page skips the first few). */
  skip?: number;
  headingLevel?: 2 | 3;
  /** How many of the first cards load their image at once (they are above the fold). */
  priorityCount?: number;
};

/** Categories as cards: 1 per row on phones, 2 on tablets, 3 on large screens. */
export function CategoryGrid({ skip = 0, headingLevel = 3, priorityCount = 0 }: CategoryGridProps) {
  const categories = useCategories();

  if (categories.isPending) {
    return (
      <ul
        className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
        aria-busy="true"
        aria-label="Loading categories"
      >
        {[0, 1, 2].map((i) => (
          <li key={i} className="skeleton aspect-[16/12] w-full" />
        ))}
      </ul>
    );
  }

  if (categories.isError) {
    return (
      <div role="alert" className="alert alert-error alert-soft">
        <span>Could not load the categories. {categories.error.message}</span>
        <button type="button" className="btn btn-sm" onClick={() => categories.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const shown = categories.data.slice(skip);
  if (shown.length === 0) {
    return <p className="text-base-content/75">No categories yet. Check back soon.</p>;
  }

  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {shown.map((category, index) => (
        <li key={category.id}>
          <CategoryCard
            category={category}
            headingLevel={headingLevel}
            imageLoading={gridImageLoading(index, priorityCount)}
          />
        </li>
      ))}
    </ul>
  );
}
