import type { SellerRating } from '@redline/shared';
import { formatRating, reviewCount } from '../utils/rating.ts';

/** "★ 4.6 · 12": a seller's rating beside their name on a car card; nothing while they have no review. */
export function CompactRating({ rating }: { rating: SellerRating | undefined }) {
  if (!rating || rating.overall === null || rating.count === 0) return null;
  return (
    <span className="inline-flex items-center gap-1 text-xs text-base-content/75">
      <span className="sr-only">
        Rated {formatRating(rating.overall)} out of 5 from {reviewCount(rating.count)}
      </span>
      <span aria-hidden="true" className="inline-flex items-center gap-1">
        <span className="text-warning">★</span>
        <span className="font-semibold text-base-content">{formatRating(rating.overall)}</span>
        <span>·</span>
        <span className="tabular-nums">{rating.count}</span>
      </span>
    </span>
  );
}
