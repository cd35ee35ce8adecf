import type { DeletedCount } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { savedPostKeys } from './saved-post-keys.ts';

/** Removes the car from the signed-in buyer's saved posts (the server touches only their own row). */
export const removeSavedPost = (carId: string) =>
  api.delete<DeletedCount>(`/savedpost/${encodeURIComponent(carId)}`);

export function useRemoveSavedPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSavedPost,
    onSuccess: async (_result, carId) => {
      queryClient.setQueryData(savedPostKeys.state(carId), { saved: false });
      await queryClient.invalidateQueries({ queryKey: savedPostKeys.all });
    },
  });
}
