/** The offers module's public surface: other code imports this file only. */
import { defineModule } from '../../server-module.ts';
import { offersRoutes } from './offers.routes.ts';
import { closeOffersOnEvents, expireOfferJob, lapseReservationJob } from './offers.service.ts';

export {
  isReservedFor,
  offerMoveSummary,
  offerSummary,
  offersPerDay,
  paymentOffers,
} from './offers.repository.ts';

export const offersModule = defineModule({
  name: 'offers',
  routes: offersRoutes,
  jobs: (context) => [expireOfferJob(context), lapseReservationJob(context)],
  reactions: closeOffersOnEvents,
});
