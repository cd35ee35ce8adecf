import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

/** The reports were unfounded: they go, the car stays. */
export const dismissReports = (carId: string) =>
  api.post('/reportedpost/:carId/dismiss', { params: { carId } });

export function useDismissReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissReports,
    onSuccess: () => changed(queryClient, 'reports'),
  });
}
