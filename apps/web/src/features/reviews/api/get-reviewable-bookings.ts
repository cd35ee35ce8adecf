import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getReviewableBookings = () => api.get('/me/reviewable-bookings');

export const reviewableBookingsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.reviews.reviewable(), queryFn: getReviewableBookings });

/** The buyer's test drives that took place and that they have not reviewed yet, the latest first. */
export function useReviewableBookings() {
  return useQuery(reviewableBookingsQueryOptions());
}
