/** The buyer's saved cars (the spec's "saved posts"). */
import { deletedCountSchema, emailParamsSchema, pageOf, pageQuerySchema } from '../common.ts';
import {
  savedCarInputSchema,
  savedCarParamsSchema,
  savedCarSchema,
  savedStateSchema,
} from '../saved-cars.ts';
import { defineRoute } from './route.ts';

const tags = ['saved posts'];

export const savedCarsRoutes = {
  listSavedPosts: defineRoute({
    method: 'GET',
    path: '/savedpost/user/:email',
    access: ['Buyer', 'Admin'],
    tags,
    operationId: 'listSavedPosts',
    summary: "A buyer's saved cars, newest first (that buyer or an admin)",
    params: emailParamsSchema,
    query: pageQuerySchema,
    responses: { 200: pageOf(savedCarSchema) },
    otherStatuses: [404],
  }),
  getSavedState: defineRoute({
    method: 'GET',
    path: '/savedpost/:carId',
    access: ['Buyer'],
    tags,
    operationId: 'getSavedState',
    summary: 'Whether the signed-in buyer saved this car',
    params: savedCarParamsSchema,
    responses: { 200: savedStateSchema },
  }),
  savePost: defineRoute({
    method: 'POST',
    path: '/savedpost',
    access: ['Buyer'],
    tags,
    operationId: 'savePost',
    summary: 'Save a car for the signed-in buyer',
    body: savedCarInputSchema,
    responses: { 201: savedCarSchema },
    otherStatuses: [404, 409],
  }),
  removeSavedPost: defineRoute({
    method: 'DELETE',
    path: '/savedpost/:carId',
    access: ['Buyer'],
    tags,
    operationId: 'removeSavedPost',
    summary: "Remove a car from the signed-in buyer's saved cars",
    params: savedCarParamsSchema,
    responses: { 200: deletedCountSchema },
  }),
};
