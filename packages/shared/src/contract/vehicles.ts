/** The vehicle catalogue: its makes and each make's models, for the pickers of make and model. */
import {
  vehicleMakeListSchema,
  vehicleMakeParamsSchema,
  vehicleModelListSchema,
  vehicleQuerySchema,
} from '../vehicles.ts';
import { defineRoute } from './route.ts';

const tags = ['vehicles'];

export const vehiclesRoutes = {
  listVehicleMakes: defineRoute({
    method: 'GET',
    path: '/vehicles/makes',
    access: 'public',
    tags,
    operationId: 'listVehicleMakes',
    summary:
      'The makes of the catalogue, alphabetically; with `q`, the best matches of what was typed (name, alias, a confident typo)',
    query: vehicleQuerySchema,
    responses: { 200: vehicleMakeListSchema },
  }),
  listVehicleModels: defineRoute({
    method: 'GET',
    path: '/vehicles/makes/:makeId/models',
    access: 'public',
    tags,
    operationId: 'listVehicleModels',
    otherStatuses: [404],
    summary:
      "A make's models, alphabetically; with `q`, the best matches of what was typed (name, alias, a confident typo)",
    params: vehicleMakeParamsSchema,
    query: vehicleQuerySchema,
    responses: { 200: vehicleModelListSchema },
  }),
};
