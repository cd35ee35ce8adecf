import type { ImportCommitInput } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

export const commitImport = ({ id, ...body }: ImportCommitInput & { id: string }) =>
  api.post('/dealer/imports/:id/commit', { params: { id }, body });

/** Commits a previewed import with the declarations: a job applies it, which the page then follows. */
export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: commitImport, onSuccess: () => changed(queryClient, 'imports') });
}
