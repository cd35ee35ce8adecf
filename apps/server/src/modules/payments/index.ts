/** The payments module's public surface: other code imports this file only. */
import { defineModule } from '../../server-module.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { refundJob, refundOnEvents, refundSweepJob } from './refunds.service.ts';

export { refundJob, toRefund } from './refunds.service.ts';

export const paymentsModule = defineModule({
  name: 'payments',
  routes: paymentsRoutes,
  jobs: (context) => [refundJob(context), refundSweepJob(context)],
  reactions: refundOnEvents,
});
