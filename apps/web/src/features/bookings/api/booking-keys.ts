/** Query keys of the bookings feature: one helper, so invalidation always hits every list. */

export const bookingKeys = {
  all: ['bookings'] as const,
  buyer: (email: string) => [...bookingKeys.all, 'buyer', email] as const,
  seller: (email: string) => [...bookingKeys.all, 'seller', email] as const,
};
