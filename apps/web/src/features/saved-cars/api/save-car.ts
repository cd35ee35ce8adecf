import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed, queryKeys } from '../../../lib/query-keys.ts';

export const saveCar = (carId: string) => api.post('/savedpost', { body: { carId } });

export function useSaveCar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCar,
    onSuccess: async (_saved, carId) => {
      queryClient.setQueryData(queryKeys.savedCars.state(carId), { saved: true });
      await changed(queryClient, 'savedCars');
    },
  });
}
