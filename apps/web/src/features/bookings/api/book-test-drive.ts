import type { BookingInput } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

/** Only the buyer's choices travel: buyer, seller, car summary, price and paid state come from the server. */
export const bookTestDrive = (input: BookingInput) => api.post('/testdrivebooking', { body: input });

export const bookTestDriveMutationKey = ['bookings', 'book'] as const;

export function useBookTestDrive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: bookTestDriveMutationKey,
    mutationFn: bookTestDrive,
    // The form shows the error: a toast, or a link to the buyer's booking of this car.
    meta: { errorToast: false },
    onSuccess: () => changed(queryClient, 'bookings'),
  });
}
