import type { DeletedCount } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { bookingKeys } from './booking-keys.ts';

/** Deletes an unpaid booking of the signed-in buyer (the server refuses paid ones). */
export const cancelBooking = (id: string) =>
  api.delete<DeletedCount>(`/testdrivebooking/${encodeURIComponent(id)}`);

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
