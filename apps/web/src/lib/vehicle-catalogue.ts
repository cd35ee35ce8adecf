/**
 * The vehicle catalogue's lists, as the make and model pickers of the posting form and the admins'
 * catalogue page read them: one query each, shared by both features (each adds its own options).
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/** The makes: all, alphabetically, when `q` is empty; else those that best match it (a name, an alias, a typo). */
export const vehicleMakesQuery = (q = '') =>
  queryOptions({
    queryKey: queryKeys.vehicles.makes(q),
    queryFn: ({ signal }) => api.get('/vehicles/makes', { query: q ? { q } : {}, signal }),
  });

/** A make's models: all, alphabetically, when `q` is empty; else those that best match it. */
export const vehicleModelsQuery = (makeId: number, q = '') =>
  queryOptions({
    queryKey: queryKeys.vehicles.models(makeId, q),
    queryFn: ({ signal }) =>
      api.get('/vehicles/makes/:makeId/models', { params: { makeId }, query: q ? { q } : {}, signal }),
  });
