import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

/** Deletes a reported car with its advertisement, saved cars, reports and unpaid bookings. */
export const deleteReportedCar = (carId: string) => api.delete('/reportedpost/:carId', { params: { carId } });

export function useDeleteReportedCar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReportedCar,
    // The car disappears from every list and page, with its reports and saves; its bookings are cancelled.
    onSuccess: () => changed(queryClient, 'cars'),
  });
}
