import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

/** Marks a contact message handled, or open again. */
export const setContactHandled = ({ id, handled }: { id: string; handled: boolean }) =>
  api.patch('/contact/:id', { params: { id }, body: { handled } });

export function useSetContactHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setContactHandled,
    onSuccess: () => changed(queryClient, 'contactMessages'),
  });
}
