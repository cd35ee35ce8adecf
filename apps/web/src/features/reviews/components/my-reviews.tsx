import { ErrorState, ListSkeleton, LoadMoreButton } from '../../../components/ui/list-states.tsx';
import { useMyReviews } from '../api/get-my-reviews.ts';
import { ReviewCard } from './review-card.tsx';

/**
 * The buyer's reviews as they wrote them, newest first, with the sellers' answers; a review an admin
 * hid says so (no one else sees it). Nothing before their first review.
 */
export function MyReviews() {
  const reviews = useMyReviews();
  if (reviews.isPending) return <ListSkeleton label="Loading your reviews" rows={1} />;
  if (reviews.isError) {
    return (
      <ErrorState
        message={`Could not load your reviews. ${reviews.error.message}`}
        onRetry={() => reviews.refetch()}
      />
    );
  }
  const items = reviews.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="my-reviews-title" className="mt-12">
      <h2 id="my-reviews-title" className="mb-4 text-xl font-bold tracking-tight">
        Your reviews
      </h2>
      <ol className="flex flex-col gap-4">
        {items.map((review) => (
          <li key={review.id}>
            <ReviewCard review={review} />
          </li>
        ))}
      </ol>
      <LoadMoreButton
        hasNextPage={reviews.hasNextPage}
        isFetchingNextPage={reviews.isFetchingNextPage}
        fetchNextPage={reviews.fetchNextPage}
      />
    </section>
  );
}
