/** The names cars carry that the catalogue lacks, and the report of the mapping of the cars posted before it, for the admins. */
import {
  carNameMappingListSchema,
  carNameMappingParamsSchema,
  carNameMappingSchema,
  carNameReviewSchema,
  otherCarNameListSchema,
} from '../vehicles.ts';
import { defineRoute } from './route.ts';

const tags = ['vehicles'];

export const carNamesRoutes = {
  listOtherCarNames: defineRoute({
    method: 'GET',
    path: '/cars/other-names',
    access: ['Admin'],
    tags,
    operationId: 'listOtherCarNames',
    summary:
      'The makes, and the models under a catalogue make, that cars carry and the catalogue lacks ("other"), with how many cars each, the most first',
    responses: { 200: otherCarNameListSchema },
  }),
  listCarNameMappings: defineRoute({
    method: 'GET',
    path: '/cars/name-mappings',
    access: ['Admin'],
    tags,
    operationId: 'listCarNameMappings',
    summary:
      'The typo matches of the mapping of the cars posted before the catalogue, for an admin to confirm or undo, the most cars first',
    responses: { 200: carNameMappingListSchema },
  }),
  reviewCarNameMapping: defineRoute({
    method: 'POST',
    path: '/cars/name-mappings/:id/review',
    access: ['Admin'],
    tags,
    operationId: 'reviewCarNameMapping',
    summary:
      'Confirm a typo match (its spelling becomes an alias of the make or model) or undo it (its cars show the seller\'s words again, as "other"); 409 once reviewed',
    params: carNameMappingParamsSchema,
    body: carNameReviewSchema,
    responses: { 200: carNameMappingSchema },
    otherStatuses: [404, 409],
  }),
};
