/** Query keys of every car list and car; everything lives under `cars` so one invalidation refreshes them all. */
export const carKeys = {
  all: ['cars'] as const,
  advertised: () => [...carKeys.all, 'advertised'] as const,
  seller: (email: string) => [...carKeys.all, 'seller', email] as const,
  detail: (id: string) => [...carKeys.all, 'detail', id] as const,
};
