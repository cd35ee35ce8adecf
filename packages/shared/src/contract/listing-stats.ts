/** What each listing earns (issue 49): what visitors saw, recorded off the request path, and the seller's figures. */
import { carIdParamsSchema } from '../cars.ts';
import { pageOf, pageQuerySchema } from '../common.ts';
import {
  listingActivityRecordedSchema,
  listingActivitySchema,
  listingStatsLineSchema,
  listingStatsSchema,
  sellerStatsSchema,
} from '../listing-stats.ts';
import { defineRoute } from './route.ts';

const tags = ['listing performance'];

export const listingStatsRoutes = {
  recordListingActivity: defineRoute({
    method: 'POST',
    path: '/listing-activity',
    access: 'public',
    tags,
    operationId: 'recordListingActivity',
    summary:
      "Record what a visitor's page showed: the cars of a page of search results, or the car whose page it is",
    description:
      'Sent by the page once shown. Taken at once and counted a few seconds later, in a batch: a car ' +
      'that does not exist counts nothing, a page view counts once per visitor and day, and neither ' +
      "a crawler's nor the seller's own visits count. Limited per address for visitors without a session.",
    body: listingActivitySchema,
    responses: { 200: listingActivityRecordedSchema },
    otherStatuses: [429],
  }),
  getSellerStats: defineRoute({
    method: 'GET',
    path: '/listing-stats',
    access: ['Seller'],
    tags,
    operationId: 'getSellerStats',
    summary:
      "The signed-in seller's figures summed over their cars: each of the last 30 days, the totals and those of the 30 days before",
    responses: { 200: sellerStatsSchema },
  }),
  listListingStats: defineRoute({
    method: 'GET',
    path: '/listing-stats/cars',
    access: ['Seller'],
    tags,
    operationId: 'listListingStats',
    summary:
      "The signed-in seller's cars for sale, newest first, each with its figures of the last 30 days and how it fares beside similar cars",
    query: pageQuerySchema,
    responses: { 200: pageOf(listingStatsLineSchema) },
  }),
  getListingStats: defineRoute({
    method: 'GET',
    path: '/listing-stats/cars/:id',
    access: ['Seller'],
    tags,
    operationId: 'getListingStats',
    summary:
      "One of the signed-in seller's cars: its figures each of the last 30 days, its totals and how it fares beside similar cars",
    params: carIdParamsSchema,
    responses: { 200: listingStatsSchema },
    otherStatuses: [403, 404],
  }),
};
