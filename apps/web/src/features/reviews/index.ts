/** The reviews feature's public surface: code outside features/reviews imports only this file. */
export { myReviewsQueryOptions } from './api/get-my-reviews.ts';
export { reportedReviewsQueryOptions } from './api/get-reported-reviews.ts';
export { reviewableBookingsQueryOptions } from './api/get-reviewable-bookings.ts';
export { prefetchSellerRatings, useSellerRatings } from './api/get-seller-ratings.ts';
export { sellerReviewsQueryOptions } from './api/get-seller-reviews.ts';
export { CompactRating } from './components/compact-rating.tsx';
export { MyReviews } from './components/my-reviews.tsx';
export { ReceivedReviews } from './components/received-reviews.tsx';
export { ReportedReviewsTable } from './components/reported-reviews-table.tsx';
export { ReviewableBookings } from './components/reviewable-bookings.tsx';
export { SellerReviews } from './components/seller-reviews.tsx';
