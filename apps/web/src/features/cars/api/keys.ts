/** Query keys of every car list and car; everything lives under `cars` so one invalidation refreshes them all. */
export const carKeys = {
  all: ['cars'] as const,
  advertised: () => [...carKeys.all, 'advertised'] as const,
  seller: (email: string) => [...carKeys.all, 'seller', email] as const,
  detail: (id: string) => [...carKeys.all, 'detail', id] as const,
  /** What selling or deleting the car would cancel: under `cars`, so a change of the car asks again. */
  bookingsAhead: (id: string) => [...carKeys.all, 'bookings-ahead', id] as const,
};
