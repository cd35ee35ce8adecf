import type { Me, MyLocationInput } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { appKeys } from '../../../lib/query-keys.ts';

/** Sets the signed-in user's default location (where the cars they post start), or clears it with null. */
export const setMyLocation = (body: MyLocationInput) => api.put('/me/location', { body });

export function useSetMyLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMyLocation,
    // The form shows a refused ZIP code under its field.
    meta: { errorToast: false },
    onSuccess: (location) =>
      queryClient.setQueryData<Me | null>(appKeys.me, (me) => (me ? { ...me, location } : me)),
  });
}
