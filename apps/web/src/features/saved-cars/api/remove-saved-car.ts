import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed, queryKeys } from '../../../lib/query-keys.ts';

/** Removes the car from the signed-in buyer's saved cars (the server touches only their own row). */
export const removeSavedCar = (carId: string) => api.delete('/savedpost/:carId', { params: { carId } });

export function useRemoveSavedCar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSavedCar,
    onSuccess: async (_result, carId) => {
      queryClient.setQueryData(queryKeys.savedCars.state(carId), { saved: false });
      await changed(queryClient, 'savedCars');
    },
  });
}
