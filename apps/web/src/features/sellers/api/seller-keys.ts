/** Query keys of the sellers feature. */
export const sellerKeys = {
  profile: (id: string) => ['sellers', id] as const,
  /**
   * Under `cars`, beside every other list of cars, so that what refreshes them after a change to a
   * car (the seller's own edit, features/cars) refreshes this one too.
   */
  carsForSale: (id: string) => ['cars', 'for-sale-by', id] as const,
};
