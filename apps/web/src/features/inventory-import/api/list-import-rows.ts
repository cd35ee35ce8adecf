import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Rows a page of the preview's table shows. */
export const IMPORT_ROWS_PAGE = 50;

export const listImportRows = (id: string, failedOnly: boolean, cursor?: string, signal?: AbortSignal) =>
  api.get('/dealer/imports/:id/rows', {
    params: { id },
    query: { cursor, limit: IMPORT_ROWS_PAGE, failed: failedOnly ? 'true' : undefined },
    signal,
  });

export const importRowsQueryOptions = (id: string, failedOnly: boolean) =>
  infiniteQueryOptions({
    queryKey: queryKeys.imports.rows(id, failedOnly),
    queryFn: ({ pageParam, signal }) => listImportRows(id, failedOnly, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

/** An import's rows in file order, with their errors and outcomes; or only those with errors. */
export function useImportRows(id: string, failedOnly: boolean) {
  return useInfiniteQuery(importRowsQueryOptions(id, failedOnly));
}
