/** Dealers (ADR 63): a seller's dealer profile, going back to private, and the admins' verification of dealers. */
import { deletedCountSchema, pageOf, pageQuerySchema } from '../common.ts';
import {
  dealerProfileInputSchema,
  dealerSchema,
  dealerVerificationInputSchema,
  dealerVerificationSchema,
} from '../dealers.ts';
import { userIdParamsSchema } from '../users.ts';
import { defineRoute } from './route.ts';

const tags = ['dealers'];

export const dealersRoutes = {
  getMyDealerProfile: defineRoute({
    method: 'GET',
    path: '/me/dealer',
    access: ['Seller'],
    tags,
    operationId: 'getMyDealerProfile',
    summary: "The signed-in seller's dealer profile, or null for a private seller",
    responses: { 200: dealerSchema.nullable() },
  }),
  saveMyDealerProfile: defineRoute({
    method: 'PUT',
    path: '/me/dealer',
    access: ['Seller'],
    tags,
    operationId: 'saveMyDealerProfile',
    summary:
      "Become a dealer, or update the dealer profile; a verified dealer's new business name or address drops the verification",
    body: dealerProfileInputSchema,
    responses: { 200: dealerSchema },
  }),
  deleteMyDealerProfile: defineRoute({
    method: 'DELETE',
    path: '/me/dealer',
    access: ['Seller'],
    tags,
    operationId: 'deleteMyDealerProfile',
    summary: 'Go back to being a private seller: the dealer profile (and its verification) goes',
    responses: { 200: deletedCountSchema },
  }),
  setDealerVerification: defineRoute({
    method: 'PUT',
    path: '/user/dealers/:id/verification',
    access: ['Admin'],
    tags,
    operationId: 'setDealerVerification',
    summary: 'Verify or revoke a dealer, with a note (admin)',
    params: userIdParamsSchema,
    body: dealerVerificationInputSchema,
    responses: { 200: dealerSchema },
    otherStatuses: [404, 409],
  }),
  listDealerVerifications: defineRoute({
    method: 'GET',
    path: '/user/dealers/:id/verifications',
    access: ['Admin'],
    tags,
    operationId: 'listDealerVerifications',
    summary: "A seller's dealer verification history, newest first (admin)",
    params: userIdParamsSchema,
    query: pageQuerySchema,
    responses: { 200: pageOf(dealerVerificationSchema) },
    otherStatuses: [404],
  }),
};
