import type { Category } from '@redline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type { Category };

export const getCategories = () => api.get('/categories');

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.categories.list(), queryFn: getCategories });

/** All categories in display order. */
export function useCategories() {
  return useQuery(categoriesQueryOptions());
}

/**
 * One category, from the list (the API has no call for one): a category that is not in it fails as
 * the API answers a missing record, a 404, so that its page is a 404 too (app/page-data.ts).
 */
export const categoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.categories.detail(id),
    queryFn: async ({ client }) => {
      const category = (await client.ensureQueryData(categoriesQueryOptions())).find((c) => c.id === id);
      if (!category) throw new ApiError(404, 'not_found', 'The category was not found.');
      return category;
    },
  });

export function useCategory(id: string) {
  return useQuery(categoryQueryOptions(id));
}
