/** Query keys of the saved-cars feature. */

export const savedCarKeys = {
  all: ['saved-cars'] as const,
  state: (carId: string) => [...savedCarKeys.all, 'state', carId] as const,
  list: (email: string) => [...savedCarKeys.all, 'list', email] as const,
};
