/** Query keys of the saved-posts feature. */
import { pageOf, savedPostSchema } from '@redline/shared';

export const savedPostKeys = {
  all: ['saved-posts'] as const,
  state: (carId: string) => [...savedPostKeys.all, 'state', carId] as const,
  list: (email: string) => [...savedPostKeys.all, 'list', email] as const,
};

export const savedPostPageSchema = pageOf(savedPostSchema);
