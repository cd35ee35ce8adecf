import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const decodeVin = ({ vin, signal }: { vin: string; signal?: AbortSignal }) =>
  api.get('/vehicles/vin/:vin', { params: { vin }, signal });

const vinDecodeQueryOptions = (vin: string) =>
  queryOptions({
    queryKey: queryKeys.vehicles.vin(vin),
    queryFn: ({ signal }) => decodeVin({ vin, signal }),
  });

/**
 * What a VIN says of its car, asked when the seller presses Decode (a VIN decoded before is not
 * asked again). The form shows what went wrong itself: under the field, or as a toast.
 */
export function useDecodeVin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vin: string) => queryClient.fetchQuery(vinDecodeQueryOptions(vin)),
    meta: { errorToast: false },
  });
}
