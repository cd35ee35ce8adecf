import { deletedCountSchema } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Deletes a reported car with its advertisement, saved posts, reports and unpaid bookings. */
export const deleteReportedPost = (carId: string) =>
  api.delete(`/reportedpost/${encodeURIComponent(carId)}`, { schema: deletedCountSchema });

export function useDeleteReportedPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReportedPost,
    // The car disappears from every list and page.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
