/** The bookings module's public surface: other code imports this file only. */
import type { ServerModule } from '../../server-module.ts';
import { bookingsRoutes } from './bookings.routes.ts';
import { cancelBookingsOnEvents } from './bookings.service.ts';

export const bookingsModule: ServerModule = {
  name: 'bookings',
  routes: bookingsRoutes,
  reactions: cancelBookingsOnEvents,
};
