import type { ReviewSummary as Summary } from '@redline/shared';
import { EmptyState, ErrorState, ListSkeleton, MorePages } from '../../../components/ui/list-states.tsx';
import { useMe } from '../../../lib/auth.ts';
import { useSellerReviews } from '../api/get-seller-reviews.ts';
import { ReportReviewButton } from './report-review-button.tsx';
import { ReviewCard } from './review-card.tsx';
import { ReviewSummary } from './review-summary.tsx';

type SellerReviewsProps = {
  sellerId: string;
  /** As the seller's page names them: a dealer's business name, else theirs. */
  sellerName: string;
  /** Their figures, from their profile (`GET /sellers/:id`). */
  summary: Summary;
};

/**
 * A seller's page's reviews: their figures, then the reviews newest first, a page at a time, each
 * with the seller's answer and, for anyone signed in, "Report".
 */
export function SellerReviews({ sellerId, sellerName, summary }: SellerReviewsProps) {
  const reviews = useSellerReviews(sellerId);
  const signedIn = Boolean(useMe().data);
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby="seller-reviews-title" className="mt-14">
      <h2 id="seller-reviews-title" className="mb-2 text-2xl font-bold tracking-tight">
        Reviews
      </h2>
      <p className="mb-6 text-sm text-base-content/75">
        Only buyers who took a test drive with {sellerName} can review them, once for each test drive.
      </p>
      {summary.count > 0 ? (
        <div className="mb-6">
          <ReviewSummary summary={summary} />
        </div>
      ) : null}
      {reviews.isPending ? (
        <ListSkeleton label="Loading the reviews" rows={2} />
      ) : reviews.isError ? (
        <ErrorState
          message={`Could not load the reviews. ${reviews.error.message}`}
          onRetry={() => reviews.refetch()}
        />
      ) : items.length === 0 ? (
        <EmptyState title="No reviews yet">
          When a buyer has taken a test drive with {sellerName}, they can say how it went here.
        </EmptyState>
      ) : (
        <>
          <ol className="flex flex-col gap-4" aria-label={`Reviews of ${sellerName}`}>
            {items.map((review) => (
              <li key={review.id}>
                <ReviewCard
                  review={review}
                  answerTitle={`Answer from ${sellerName}`}
                  actions={
                    signedIn ? <ReportReviewButton reviewId={review.id} buyerName={review.buyerName} /> : null
                  }
                />
              </li>
            ))}
          </ol>
          <MorePages
            shown={items.length}
            total={summary.count}
            pages={reviews.data.pages.length}
            noun={['review', 'reviews']}
            hasNextPage={reviews.hasNextPage}
            isFetchingNextPage={reviews.isFetchingNextPage}
            fetchNextPage={reviews.fetchNextPage}
          />
        </>
      )}
    </section>
  );
}
