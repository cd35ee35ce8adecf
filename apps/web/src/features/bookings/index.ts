/** The bookings feature's public surface: code outside features/bookings imports only this file. */
export { buyerBookingsQueryOptions } from './api/get-buyer-bookings.ts';
export { sellerBookingsQueryOptions } from './api/get-seller-bookings.ts';
export { BookTestDriveButton } from './components/book-test-drive-button.tsx';
export { BuyerBookingsList } from './components/buyer-bookings-list.tsx';
export { SellerRequestsList } from './components/seller-requests-list.tsx';
