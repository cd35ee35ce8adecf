import type { CarUpdate } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed, queryKeys } from '../../../lib/query-keys.ts';

export type { CarUpdate };

/** Edits one of the seller's cars, or marks it sold (`sold: true`) or back on sale. */
export const updateCar = ({ id, update }: { id: string; update: CarUpdate }) =>
  api.patch('/cars/:id', { params: { id }, body: update });

export function useUpdateCar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCar,
    onSuccess: (car) => {
      queryClient.setQueryData(queryKeys.cars.detail(car.id), car);
      // Lists change too: a sold car leaves its category and What's New.
      return changed(queryClient, 'cars');
    },
  });
}
