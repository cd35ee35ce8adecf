/**
 * TanStack Query defaults (spec: 3 retries, 5 minute cache; a 4xx is never retried) and the one
 * place where a failed mutation becomes an error toast. Opt out per mutation with
 * `meta: { errorToast: false }` when the screen shows the error itself.
 */
import { type DehydratedState, hydrate, MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from './api-client.ts';
import { toast } from './toast.ts';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { errorToast?: boolean };
  }
}

const MAX_RETRIES = 3;
const FIVE_MINUTES = 5 * 60 * 1000;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < MAX_RETRIES;
}

/** `state`: the server's answers for a server-rendered page (entry-server.tsx), so they are not asked again. */
export function createQueryClient(state?: DehydratedState): QueryClient {
  const client = new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.errorToast === false) return;
        toast.error(errorMessage(error));
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: FIVE_MINUTES,
        gcTime: FIVE_MINUTES,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  if (state) {
    hydrate(client, state);
    // A query the server answered with an error (a 404: lib/page-state.ts) is shown as it was
    // rendered; asking again when the page mounts would first show it loading, unlike its HTML.
    for (const { queryKey, state: query } of state.queries) {
      if (query.status === 'error') client.setQueryDefaults(queryKey, { retryOnMount: false });
    }
  }
  return client;
}
