import type { ContactMessage } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { legacyApi } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

/** Marks a contact message handled, or open again. */
export const setContactHandled = ({ id, handled }: { id: string; handled: boolean }) =>
  legacyApi.patch<ContactMessage>(`/contact/${encodeURIComponent(id)}`, { handled });

export function useSetContactHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setContactHandled,
    onSuccess: () => changed(queryClient, 'contactMessages'),
  });
}
