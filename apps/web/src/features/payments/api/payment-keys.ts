/** Query keys of the payments feature, built in one place. */
export const paymentKeys = {
  all: ['payments'] as const,
  list: () => [...paymentKeys.all, 'list'] as const,
  intent: (bookingId: string) => [...paymentKeys.all, 'intent', bookingId] as const,
  /**
   * One booking, under the bookings prefix: whatever refreshes bookings (a payment, a cancellation)
   * refreshes this too, and the bookings feature may share the entry.
   */
  booking: (id: string) => ['bookings', 'detail', id] as const,
};

/** Every cached bookings query (lists and details, whoever made them): a payment changes them all. */
export const isBookingsQuery = ({ queryKey }: { queryKey: readonly unknown[] }) =>
  typeof queryKey[0] === 'string' && queryKey[0].startsWith('bookings');
