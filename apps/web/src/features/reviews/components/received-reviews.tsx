import type { ReviewSummary as Summary } from '@redline/shared';
import { useState } from 'react';
import { EmptyState, ErrorState, ListSkeleton, MorePages } from '../../../components/ui/list-states.tsx';
import { useSellerReviews } from '../api/get-seller-reviews.ts';
import { AnswerForm } from './answer-form.tsx';
import { ReviewCard } from './review-card.tsx';
import { ReviewSummary } from './review-summary.tsx';

type ReceivedReviewsProps = {
  sellerId: string;
  summary: Summary | undefined;
  /** Whether the viewer answers for the seller: not a dealer's salesperson (ADR 65). */
  mayAnswer: boolean;
};

/**
 * The seller's reviews, as their page shows them, each unanswered one with "Answer" (once, in public)
 * for those who answer for the seller. A review an admin hid is not among them (ADR 64).
 */
export function ReceivedReviews({ sellerId, summary, mayAnswer }: ReceivedReviewsProps) {
  const reviews = useSellerReviews(sellerId);
  const [answering, setAnswering] = useState<string | null>(null);

  if (reviews.isPending) return <ListSkeleton label="Loading your reviews" />;
  if (reviews.isError) {
    return (
      <ErrorState
        message={`Could not load your reviews. ${reviews.error.message}`}
        onRetry={() => reviews.refetch()}
      />
    );
  }
  const items = reviews.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState title="No reviews yet">
        After a test drive of one of your cars has taken place, its buyer can review you. Their reviews appear
        here for you to answer.
      </EmptyState>
    );
  }

  return (
    <>
      {summary ? (
        <div className="mb-6">
          <ReviewSummary summary={summary} />
        </div>
      ) : null}
      <ol className="flex flex-col gap-4" aria-label="Your reviews">
        {items.map((review) => (
          <li key={review.id}>
            <ReviewCard
              review={review}
              answerTitle="Your answer"
              actions={
                !mayAnswer || review.answer || answering === review.id ? null : (
                  <button
                    type="button"
                    className="btn btn-outline btn-sm"
                    aria-label={`Answer the review by ${review.buyerName}`}
                    onClick={() => setAnswering(review.id)}
                  >
                    Answer
                  </button>
                )
              }
            />
            {answering === review.id ? (
              <AnswerForm
                reviewId={review.id}
                buyerName={review.buyerName}
                onDone={() => setAnswering(null)}
              />
            ) : null}
          </li>
        ))}
      </ol>
      <MorePages
        shown={items.length}
        total={summary?.count ?? items.length}
        pages={reviews.data.pages.length}
        noun={['review', 'reviews']}
        hasNextPage={reviews.hasNextPage}
        isFetchingNextPage={reviews.isFetchingNextPage}
        fetchNextPage={reviews.fetchNextPage}
      />
    </>
  );
}
