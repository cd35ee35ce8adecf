import type { Category } from '@redline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type { Category };

export const categoryKeys = {
  all: ['categories'] as const,
};

export const getCategories = () => api.get<Category[]>('/categories');

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: categoryKeys.all, queryFn: getCategories });

/** All categories in display order. */
export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
