/** The bookings module's public surface: other code imports this file only. */

export { bookingSummary, deleteUnpaidBookingsOf } from './bookings.repository.ts';
export { bookingsRoutes } from './bookings.routes.ts';
export { cancelBookingsOnEvents } from './bookings.service.ts';
