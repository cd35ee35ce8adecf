import { Link } from 'react-router';
import { type ImageLoading, imageLoadingProps } from '../../../components/ui/image-loading.ts';
import { paths } from '../../../config/paths.ts';
import type { Category } from '../api/get-categories.ts';

/**
 * The grid (category-grid.tsx) is 1/2/3 columns from 0/640/1024 px, inside 80rem with 16 px padding
 * each side and 24 px gaps, so a banner is shown at most 400 px wide on large screens.
 */
export const CATEGORY_CARD_IMAGE_SIZES =
  '(min-width: 1280px) 400px, (min-width: 1024px) calc((100vw - 80px) / 3), (min-width: 640px) calc((100vw - 56px) / 2), calc(100vw - 32px)';

type CategoryCardProps = {
  category: Category;
  /** The card's heading level, so the page outline stays in order (h2 under a page h1). */
  headingLevel?: 2 | 3;
  /** The first cards of a page load their image at once; the rest wait until they scroll into view. */
  imageLoading?: ImageLoading;
};

export function CategoryCard({ category, headingLevel = 3, imageLoading = 'lazy' }: CategoryCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Link
      to={paths.category(category.id)}
      className="group card overflow-hidden border border-base-300 bg-base-100 transition hover:-translate-y-0.5 hover:shadow-lg focus-visible:-translate-y-0.5"
    >
      <figure className="aspect-[16/10] bg-base-200">
        <img
          src={category.banner.src}
          srcSet={category.banner.srcSet}
          sizes={CATEGORY_CARD_IMAGE_SIZES}
          alt={`${category.name} cars`}
          width={category.banner.width}
          height={category.banner.height}
          {...imageLoadingProps(imageLoading)}
          decoding="async"
          className="h-full w-full object-cover transition duration-500 group-hover:scale-105"
        />
      </figure>
      <div className="card-body flex-row items-center gap-3 p-4">
        <img
          src={category.icon}
          alt=""
          width={32}
          height={32}
          loading="lazy"
          decoding="async"
          className="size-8 shrink-0"
        />
        <Heading className="card-title text-base">{category.name}</Heading>
        <span aria-hidden="true" className="ml-auto text-primary transition group-hover:translate-x-1">
          →
        </span>
      </div>
    </Link>
  );
}
