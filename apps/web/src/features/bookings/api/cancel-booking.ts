import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

/** Cancels a booking of the signed-in buyer before it starts; a paid one is refunded in full. */
export const cancelBooking = (id: string) => api.delete('/testdrivebooking/:id', { params: { id } });

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSuccess: () => changed(queryClient, 'bookings'),
  });
}
