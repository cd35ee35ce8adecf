import type { InventoryImport } from '@redline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** How often a committing import is asked again: its progress bar moves a chunk of rows at a time. */
const IMPORT_POLL_MS = 1500;

export const getImport = (id: string, signal?: AbortSignal) =>
  api.get('/dealer/imports/:id', { params: { id }, signal });

/** Whether the import's job is still applying it. */
export const isCommitting = (status: InventoryImport['status']) =>
  status === 'queued' || status === 'running';

export const importQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.imports.detail(id),
    queryFn: ({ signal }) => getImport(id, signal),
    refetchInterval: (query) =>
      query.state.data && isCommitting(query.state.data.status) ? IMPORT_POLL_MS : false,
  });

/** One import: its counts and status, asked again while it commits until it is done or failed. */
export function useImport(id: string) {
  return useQuery(importQueryOptions(id));
}
