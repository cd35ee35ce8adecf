/** The payments module's public surface: other code imports this file only. */
export { paymentsRoutes } from './payments.routes.ts';
export { refundJob, refundOnEvents, refundSweepJob, toRefund } from './refunds.service.ts';
