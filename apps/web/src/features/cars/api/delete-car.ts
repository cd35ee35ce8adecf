import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed, queryKeys } from '../../../lib/query-keys.ts';

/** Deletes the car with its advertisement, saved cars and reports (one transaction on the server). */
export const deleteCar = (id: string) => api.delete('/cars/:id', { params: { id } });

export function useDeleteCar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCar,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.cars.detail(id) });
      return changed(queryClient, 'cars');
    },
  });
}
