/** Query keys of the saved-posts feature. */

export const savedPostKeys = {
  all: ['saved-posts'] as const,
  state: (carId: string) => [...savedPostKeys.all, 'state', carId] as const,
  list: (email: string) => [...savedPostKeys.all, 'list', email] as const,
};
