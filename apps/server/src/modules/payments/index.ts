/** The payments module's public surface: other code imports this file only. */
import { defineModule } from '../../server-module.ts';
import type { PaymentBookings } from './payment-bookings.ts';
import type { PaymentOffers } from './payment-offers.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { refundJob, refundOnEvents, refundSweepJob } from './refunds.service.ts';

export type { PaymentBookings } from './payment-bookings.ts';
export type { PaymentOffers } from './payment-offers.ts';
export { bookingPayments, offerDeposits, paymentRefunds } from './payments.repository.ts';
export { refundJob, toRefund } from './refunds.service.ts';

/**
 * The payments module, handed the bookings' `paymentBookings` (a payment locks and marks its
 * booking) and the offers' `paymentOffers` (a deposit locks its offer): both import this module, so
 * the app passes them in (ADR 37).
 */
export const paymentsModule = (bookings: PaymentBookings, offers: PaymentOffers) =>
  defineModule({
    name: 'payments',
    routes: (context) => paymentsRoutes({ ...context, bookings, offers }),
    jobs: (context) => [refundJob(context), refundSweepJob(context)],
    reactions: refundOnEvents,
  });
