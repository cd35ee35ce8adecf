/**
 * "Now" for what a page shows until a moment passes (a car's "Price dropped" for 14 days): the time
 * the server rendered the page, handed to the browser with the page's data (entry-server.tsx puts it
 * in the query cache, lib/page-state.ts sends it), so the browser hydrates the page as the server
 * rendered it even when the moment passes in between, or when the server kept the page and sends it
 * later (docs/decisions/0018). A page the browser renders itself takes the time of its first render.
 * The time stays while pages use it and is taken afresh once the cache has let it go (its gcTime).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { appKeys } from './query-keys.ts';

const pageTimeQueryOptions = queryOptions({
  queryKey: appKeys.pageTime,
  queryFn: () => Date.now(),
  initialData: () => Date.now(),
  staleTime: Number.POSITIVE_INFINITY,
});

/** Milliseconds since the epoch, the same on the server and in the browser that hydrates its page. */
export function usePageTime(): number {
  return useQuery(pageTimeQueryOptions).data;
}
