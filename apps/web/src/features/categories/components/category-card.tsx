import { Link } from 'react-router';
import { type ImageLoading, imageLoadingProps } from '../../../components/ui/image-loading.ts';
import { paths } from '../../../config/paths.ts';
import type { Category } from '../api/get-categories.ts';

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
          src={category.image}
          alt={`${category.name} cars`}
          width={640}
          height={400}
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
