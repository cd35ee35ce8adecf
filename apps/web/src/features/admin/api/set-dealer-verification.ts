import type { DealerVerificationInput } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

export const setDealerVerification = ({ id, ...body }: DealerVerificationInput & { id: string }) =>
  api.put('/user/dealers/:id/verification', { params: { id }, body });

/** An admin verifies or revokes a dealer, with a note (the log keeps it). */
export function useSetDealerVerification() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setDealerVerification, onSuccess: () => changed(queryClient, 'dealers') });
}
