/** The bookings module's public surface: other code imports this file only. */
import { defineModule } from '../../server-module.ts';
import { bookingsRoutes } from './bookings.routes.ts';
import { cancelBookingsOnEvents } from './bookings.service.ts';

export {
  acceptedBookingsOf,
  bookingSummary,
  deleteUnpaidBookingsOf,
  paymentBookings,
  testDriveRequestsPerDay,
} from './bookings.repository.ts';

export const bookingsModule = defineModule({
  name: 'bookings',
  routes: bookingsRoutes,
  reactions: cancelBookingsOnEvents,
});
