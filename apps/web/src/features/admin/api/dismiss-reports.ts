import type { DeletedCount } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { legacyApi } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

/** The reports were unfounded: they go, the car stays. */
export const dismissReports = (carId: string) =>
  legacyApi.post<DeletedCount>(`/reportedpost/${encodeURIComponent(carId)}/dismiss`);

export function useDismissReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissReports,
    onSuccess: () => changed(queryClient, 'reports'),
  });
}
