/**
 * A typed ZIP code's city and state, as the post form and the profile show it before it is saved
 * (`GET /api/places/{postalCode}`): one query, shared by both features.
 */
import { ZIP_CODE_PATTERN } from '@redline/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/** The five digits of a ZIP code as typed (a ZIP+4 by its first five), or undefined until it is one. */
export function typedPostalCode(text: string | undefined): string | undefined {
  return ZIP_CODE_PATTERN.exec((text ?? '').trim())?.[1];
}

/** The place of the ZIP code typed in `text`, asked once it is a whole code (a code asked before is not asked again). */
export function usePlace(text: string | undefined) {
  const postalCode = typedPostalCode(text);
  return useQuery({
    queryKey: queryKeys.places.detail(postalCode ?? ''),
    queryFn: ({ signal }) => api.get('/places/:postalCode', { params: { postalCode: postalCode! }, signal }),
    enabled: postalCode !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
