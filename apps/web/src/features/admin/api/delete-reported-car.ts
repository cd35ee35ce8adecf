import type { DeletedCount } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { legacyApi } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

/** Deletes a reported car with its advertisement, saved cars, reports and unpaid bookings. */
export const deleteReportedCar = (carId: string) =>
  legacyApi.delete<DeletedCount>(`/reportedpost/${encodeURIComponent(carId)}`);

export function useDeleteReportedCar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReportedCar,
    // The car disappears from every list and page, with its reports and saves; its bookings are cancelled.
    onSuccess: () => changed(queryClient, 'cars'),
  });
}
