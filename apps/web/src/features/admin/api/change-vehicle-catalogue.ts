/**
 * The admins' changes to the vehicle catalogue, each a call of its own; whatever changes, the
 * catalogue's lists and the cars that show its names are refreshed (`changed(…, 'vehicles')`).
 */
import type { CarNameReview, VehicleAliasInput, VehicleMakeChange, VehicleMakeInput } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

type Make = { makeId: number };
type Model = { makeId: number; modelId: number };

export const addMake = (body: VehicleMakeInput) => api.post('/vehicles/makes', { body });
export const changeMake = ({ makeId, ...body }: Make & VehicleMakeChange) =>
  api.patch('/vehicles/makes/:makeId', { params: { makeId }, body });
export const mergeMake = ({ makeId, into }: Make & { into: number }) =>
  api.post('/vehicles/makes/:makeId/merge', { params: { makeId }, body: { into } });
export const deleteMake = ({ makeId }: Make) => api.delete('/vehicles/makes/:makeId', { params: { makeId } });
export const addModel = ({ makeId, name }: Make & { name: string }) =>
  api.post('/vehicles/makes/:makeId/models', { params: { makeId }, body: { name } });
export const renameModel = ({ makeId, modelId, name }: Model & { name: string }) =>
  api.patch('/vehicles/makes/:makeId/models/:modelId', { params: { makeId, modelId }, body: { name } });
export const mergeModel = ({ makeId, modelId, into }: Model & { into: number }) =>
  api.post('/vehicles/makes/:makeId/models/:modelId/merge', { params: { makeId, modelId }, body: { into } });
export const deleteModel = ({ makeId, modelId }: Model) =>
  api.delete('/vehicles/makes/:makeId/models/:modelId', { params: { makeId, modelId } });
export const addAlias = ({ makeId, ...body }: Make & VehicleAliasInput) =>
  api.post('/vehicles/makes/:makeId/aliases', { params: { makeId }, body });
export const removeAlias = ({ makeId, aliasId }: Make & { aliasId: number }) =>
  api.delete('/vehicles/makes/:makeId/aliases/:aliasId', { params: { makeId, aliasId } });
export const reviewTypoMatch = ({ id, review }: { id: number } & CarNameReview) =>
  api.post('/cars/name-mappings/:id/review', { params: { id }, body: { review } });

/** One of the calls above as a mutation that refreshes what the catalogue shows. */
export function useCatalogueChange<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => changed(queryClient, 'vehicles') });
}
