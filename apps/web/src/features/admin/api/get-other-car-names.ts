import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getOtherCarNames = () => api.get('/cars/other-names');

/** The makes and models cars carry that the catalogue lacks, the most cars first (admin). */
export function useOtherCarNames() {
  return useQuery({ queryKey: queryKeys.vehicles.otherNames(), queryFn: getOtherCarNames });
}
