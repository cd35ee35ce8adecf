import type { SavedPost } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { savedPostKeys } from './saved-post-keys.ts';

export const savePost = (carId: string) => api.post<SavedPost>('/savedpost', { carId });

export function useSavePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePost,
    onSuccess: async (_saved, carId) => {
      queryClient.setQueryData(savedPostKeys.state(carId), { saved: true });
      await queryClient.invalidateQueries({ queryKey: savedPostKeys.all });
    },
  });
}
