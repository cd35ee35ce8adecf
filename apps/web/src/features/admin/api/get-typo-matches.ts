import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getTypoMatches = () => api.get('/cars/name-mappings');

/** The mapping's typo matches waiting for an admin's review (admin). */
export function useTypoMatches() {
  return useQuery({ queryKey: queryKeys.vehicles.typoMatches(), queryFn: getTypoMatches });
}
