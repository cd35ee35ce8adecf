/** The payments feature's public surface: code outside features/payments imports only this file. */
export { bookingQueryOptions, useBooking } from './api/get-booking.ts';
export { paymentsQueryOptions } from './api/get-payments.ts';
export type { PaidBooking } from './api/pay-booking.ts';
export { BookingSummary, BookingSummarySkeleton } from './components/booking-summary.tsx';
export { PaymentPage } from './components/payment-page.tsx';
export { PaymentPanel } from './components/payment-panel.tsx';
export { PaymentReceipt } from './components/payment-receipt.tsx';
export { PaymentsTable } from './components/payments-table.tsx';
