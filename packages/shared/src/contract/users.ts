/** Who is signed in, users by e-mail, sellers' pages, and the admin's lists of buyers and sellers. */
import { z } from 'zod';
import { meSchema, userSchema } from '../auth.ts';
import { deletedCountSchema, emailParamsSchema, pageOf, pageQuerySchema } from '../common.ts';
import { placeSchema } from '../places.ts';
import {
  listedSellerSchema,
  listedUserSchema,
  myLocationInputSchema,
  sellerProfileSchema,
  userIdParamsSchema,
} from '../users.ts';
import { defineRoute } from './route.ts';

const tags = ['users'];

export const usersRoutes = {
  // Public, so that a signed-out visitor's page asking "who am I?" gets null, not a 401 (which
  // browsers log as a console error on every public page).
  getMe: defineRoute({
    method: 'GET',
    path: '/me',
    access: 'public',
    tags,
    operationId: 'getMe',
    summary:
      'The signed-in user (with whether their address is confirmed, and their default location), or null',
    responses: { 200: meSchema.nullable() },
  }),
  setMyLocation: defineRoute({
    method: 'PUT',
    path: '/me/location',
    access: 'signedIn',
    tags,
    operationId: 'setMyLocation',
    summary:
      "Set the signed-in user's default location by its ZIP code (where the cars they post start), or none with null",
    body: myLocationInputSchema,
    responses: { 200: placeSchema.nullable() },
  }),
  getUser: defineRoute({
    method: 'GET',
    path: '/users/:email',
    access: 'signedIn',
    tags,
    operationId: 'getUser',
    summary: 'A user by e-mail (self or admin)',
    params: emailParamsSchema,
    responses: { 200: userSchema },
    otherStatuses: [404],
  }),
  getSeller: defineRoute({
    method: 'GET',
    path: '/sellers/:id',
    access: 'browse',
    tags,
    operationId: 'getSeller',
    summary:
      "A seller's page: name, verified badge, member since, cars for sale, the dealer's profile when they are one (their cars: GET /cars/search?seller=)",
    params: userIdParamsSchema,
    responses: { 200: sellerProfileSchema },
    otherStatuses: [404],
  }),
  deleteUser: defineRoute({
    method: 'DELETE',
    path: '/users/:email',
    access: ['Admin'],
    tags,
    operationId: 'deleteUser',
    summary: 'Delete a buyer or seller (admin)',
    params: emailParamsSchema,
    responses: { 200: deletedCountSchema },
    otherStatuses: [404],
  }),
  // Each list has users of its role only, and says so.
  listBuyers: defineRoute({
    method: 'GET',
    path: '/user/buyers',
    access: ['Admin'],
    tags,
    operationId: 'listBuyers',
    summary: 'List buyers (admin)',
    query: pageQuerySchema,
    responses: { 200: pageOf(listedUserSchema.extend({ role: z.literal('Buyer') })) },
  }),
  verifyBuyer: defineRoute({
    method: 'PATCH',
    path: '/user/buyers/:id',
    access: ['Admin'],
    tags,
    operationId: 'verifyBuyer',
    summary: 'Verify a buyer (admin)',
    params: userIdParamsSchema,
    responses: { 200: userSchema },
    otherStatuses: [404],
  }),
  listSellers: defineRoute({
    method: 'GET',
    path: '/user/sellers',
    access: ['Admin'],
    tags,
    operationId: 'listSellers',
    summary: 'List sellers, with the business of those who are dealers (admin)',
    query: pageQuerySchema,
    responses: { 200: pageOf(listedSellerSchema) },
  }),
  verifySeller: defineRoute({
    method: 'PATCH',
    path: '/user/sellers/:id',
    access: ['Admin'],
    tags,
    operationId: 'verifySeller',
    summary: 'Verify a seller (admin)',
    params: userIdParamsSchema,
    responses: { 200: userSchema },
    otherStatuses: [404],
  }),
};
