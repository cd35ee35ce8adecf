import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

/** Puts one of the seller's unsold cars on the home page's What's New list (once per car). */
export const advertiseCar = (carId: string) => api.post('/advertise', { body: { carId } });

export function useAdvertiseCar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: advertiseCar,
    onSuccess: () => changed(queryClient, 'cars'),
  });
}
