import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const listImports = (cursor?: string, signal?: AbortSignal) =>
  api.get('/dealer/imports', { query: { cursor }, signal });

export const importsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.imports.list(),
    queryFn: ({ pageParam, signal }) => listImports(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The dealer's imports, newest first. */
export function useImports() {
  return useInfiniteQuery(importsQueryOptions());
}
