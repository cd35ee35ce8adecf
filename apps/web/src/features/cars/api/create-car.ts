import type { CarInput } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

export type { CarInput };

/** Posts a car; the server takes the seller and the date from the session. */
export const createCar = (input: CarInput) => api.post('/cars', { body: input });

export function useCreateCar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCar,
    onSuccess: () => changed(queryClient, 'cars'),
  });
}
