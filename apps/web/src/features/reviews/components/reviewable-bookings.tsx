import { formatRequestedDate, formatRequestedTime, type ReviewableBooking } from '@redline/shared';
import { useIsMutating } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { Link } from 'react-router';
import { CarThumbnail } from '../../../components/ui/car-thumbnail.tsx';
import { ErrorState } from '../../../components/ui/list-states.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { paths } from '../../../config/paths.ts';
import { useReviewableBookings } from '../api/get-reviewable-bookings.ts';
import { postReviewMutationKey } from '../api/post-review.ts';

// Loaded when the buyer opens it, not with their bookings: its validation and form library.
const ReviewForm = lazy(() => import('./review-form.tsx').then((m) => ({ default: m.ReviewForm })));

/**
 * The buyer's test drives that took place and that they have not reviewed, each with "Review this
 * test drive"; nothing when there is none. A review written leaves the list for "Your reviews".
 */
export function ReviewableBookings() {
  const reviewable = useReviewableBookings();
  const pending = useIsMutating({ mutationKey: postReviewMutationKey }) > 0;
  const [reviewing, setReviewing] = useState<ReviewableBooking | null>(null);

  if (reviewable.isError) {
    return (
      <div className="mb-8">
        <ErrorState
          message={`Could not load the test drives to review. ${reviewable.error.message}`}
          onRetry={() => reviewable.refetch()}
        />
      </div>
    );
  }
  // The dialog stays while its review goes in: the list empties before the form hears it went in.
  if (!reviewable.data?.length && !reviewing) return null;

  return (
    <section aria-labelledby="reviewable-title" className="mb-10">
      <h2 id="reviewable-title" className="text-xl font-bold tracking-tight">
        Test drives to review
      </h2>
      <p className="mt-1 mb-4 text-sm text-base-content/75">
        How did it go? Your review helps other buyers, and only buyers who took a test drive can write one.
      </p>
      <ul className="flex flex-col gap-3">
        {(reviewable.data ?? []).map((booking) => (
          <li
            key={booking.bookingId}
            className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-3 sm:flex-row sm:items-center"
          >
            <div className="flex min-w-0 flex-1 items-center gap-3">
              <CarThumbnail src={booking.carPhoto} name={booking.carName} />
              <div className="min-w-0">
                <p className="font-semibold leading-snug">{booking.carName}</p>
                <p className="mt-0.5 text-sm text-base-content/75">
                  With{' '}
                  <Link to={paths.seller(booking.sellerId)} className="link link-hover font-medium">
                    {booking.sellerName}
                  </Link>{' '}
                  · {formatRequestedDate(booking.date)}, {formatRequestedTime(booking.date, booking.time)}
                </p>
              </div>
            </div>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              aria-haspopup="dialog"
              aria-label={`Review this test drive: the ${booking.carName} with ${booking.sellerName}`}
              onClick={() => setReviewing(booking)}
            >
              Review this test drive
            </button>
          </li>
        ))}
      </ul>
      <Modal
        open={reviewing !== null}
        onClose={() => setReviewing(null)}
        busy={pending}
        loadingLabel="Loading the review form"
        title="Review this test drive"
        description={reviewing ? `The ${reviewing.carName} with ${reviewing.sellerName}` : undefined}
      >
        {reviewing ? (
          <ReviewForm
            booking={reviewing}
            onReviewed={() => setReviewing(null)}
            onCancel={() => setReviewing(null)}
          />
        ) : null}
      </Modal>
    </section>
  );
}
