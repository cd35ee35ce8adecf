/** The vehicle catalogue: its makes and each make's models, for the pickers of make and model; the admins extend it. */
import {
  vehicleMakeChangeSchema,
  vehicleMakeInputSchema,
  vehicleMakeListSchema,
  vehicleMakeParamsSchema,
  vehicleMakeSchema,
  vehicleModelInputSchema,
  vehicleModelListSchema,
  vehicleModelParamsSchema,
  vehicleModelSchema,
  vehicleQuerySchema,
  vinDecodeSchema,
} from '../vehicles.ts';
import { vinParamsSchema } from '../vin.ts';
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
  addVehicleMake: defineRoute({
    method: 'POST',
    path: '/vehicles/makes',
    access: ['Admin'],
    tags,
    operationId: 'addVehicleMake',
    summary: 'Add a make to the catalogue (409 when its name, folded, is one the catalogue has)',
    body: vehicleMakeInputSchema,
    responses: { 201: vehicleMakeSchema },
    otherStatuses: [409],
  }),
  changeVehicleMake: defineRoute({
    method: 'PATCH',
    path: '/vehicles/makes/:makeId',
    access: ['Admin'],
    tags,
    operationId: 'changeVehicleMake',
    summary: 'Rename a make (its old name stays as an alias) or change its country',
    params: vehicleMakeParamsSchema,
    body: vehicleMakeChangeSchema,
    responses: { 200: vehicleMakeSchema },
    otherStatuses: [404, 409],
  }),
  addVehicleModel: defineRoute({
    method: 'POST',
    path: '/vehicles/makes/:makeId/models',
    access: ['Admin'],
    tags,
    operationId: 'addVehicleModel',
    summary: "Add a model to a make (409 when its name, folded, is one of the make's models)",
    params: vehicleMakeParamsSchema,
    body: vehicleModelInputSchema,
    responses: { 201: vehicleModelSchema },
    otherStatuses: [404, 409],
  }),
  renameVehicleModel: defineRoute({
    method: 'PATCH',
    path: '/vehicles/makes/:makeId/models/:modelId',
    access: ['Admin'],
    tags,
    operationId: 'renameVehicleModel',
    summary: 'Rename a model (its old name stays as an alias)',
    params: vehicleModelParamsSchema,
    body: vehicleModelInputSchema,
    responses: { 200: vehicleModelSchema },
    otherStatuses: [404, 409],
  }),
  decodeVin: defineRoute({
    method: 'GET',
    path: '/vehicles/vin/:vin',
    access: ['Seller', 'Admin'],
    tags,
    operationId: 'decodeVin',
    summary:
      "What a VIN says of its car (year, make, model, trim, body, engine, fuel, drivetrain, transmission, doors), decoded offline from NHTSA's vPIC data, to prefill the posting form",
    description:
      '400 when the VIN is malformed or its check digit does not match (`fields.vin` says why; a chassis number of a car before 1981 is not decoded); 404 when the decoder recognises nothing of it.',
    otherStatuses: [404],
    params: vinParamsSchema,
    responses: { 200: vinDecodeSchema },
  }),
};
