/** The buyer's saved searches, which tell of each new car that matches them. */
import { deletedCountSchema, idParamsSchema } from '../common.ts';
import {
  savedSearchChangeSchema,
  savedSearchInputSchema,
  savedSearchListSchema,
  savedSearchSchema,
} from '../saved-searches.ts';
import { defineRoute } from './route.ts';

const tags = ['saved searches'];

export const savedSearchesRoutes = {
  listSavedSearches: defineRoute({
    method: 'GET',
    path: '/saved-searches',
    access: ['Buyer'],
    tags,
    operationId: 'listSavedSearches',
    summary: "The signed-in buyer's saved searches, newest first",
    responses: { 200: savedSearchListSchema },
  }),
  saveSearch: defineRoute({
    method: 'POST',
    path: '/saved-searches',
    access: ['Buyer'],
    tags,
    operationId: 'saveSearch',
    summary: 'Save a search: the buyer is told of each new car that matches it, at once or in a daily digest',
    body: savedSearchInputSchema,
    responses: { 201: savedSearchSchema },
    otherStatuses: [409],
  }),
  changeSavedSearch: defineRoute({
    method: 'PATCH',
    path: '/saved-searches/:id',
    access: ['Buyer'],
    tags,
    operationId: 'changeSavedSearch',
    summary: "Rename a saved search, or change when it tells of new cars (its buyer's only)",
    params: idParamsSchema,
    body: savedSearchChangeSchema,
    responses: { 200: savedSearchSchema },
    otherStatuses: [404],
  }),
  deleteSavedSearch: defineRoute({
    method: 'DELETE',
    path: '/saved-searches/:id',
    access: ['Buyer'],
    tags,
    operationId: 'deleteSavedSearch',
    summary: "Delete a saved search (its buyer's only)",
    params: idParamsSchema,
    responses: { 200: deletedCountSchema },
    otherStatuses: [404],
  }),
};
