/** Offers on cars: the buyer offers, the side whose turn it is answers; an accepted offer reserves the car. */
import { idParamsSchema, pageOf, pageQuerySchema } from '../common.ts';
import { offerAnswerSchema, offerInputSchema, offerSchema } from '../offers.ts';
import { defineRoute } from './route.ts';

const tags = ['offers'];

export const offersRoutes = {
  makeOffer: defineRoute({
    method: 'POST',
    path: '/offers',
    access: ['Buyer'],
    tags,
    operationId: 'makeOffer',
    summary:
      "Offer an amount for a car, at most its asking price (buyer; one open offer per car); it shows in the buyer's conversation with the seller",
    body: offerInputSchema,
    responses: { 201: offerSchema },
    otherStatuses: [404, 409],
  }),
  listOffersMade: defineRoute({
    method: 'GET',
    path: '/offers/made',
    access: ['Buyer'],
    tags,
    operationId: 'listOffersMade',
    summary: "The caller's offers as a buyer, the latest change first",
    query: pageQuerySchema,
    responses: { 200: pageOf(offerSchema) },
  }),
  listOffersReceived: defineRoute({
    method: 'GET',
    path: '/offers/received',
    access: ['Seller'],
    tags,
    operationId: 'listOffersReceived',
    summary: "The offers on the caller's cars, the latest change first (seller)",
    query: pageQuerySchema,
    responses: { 200: pageOf(offerSchema) },
  }),
  getOffer: defineRoute({
    method: 'GET',
    path: '/offers/:id',
    access: ['Buyer', 'Seller'],
    tags,
    operationId: 'getOffer',
    summary: "One offer (its buyer or the car's seller)",
    params: idParamsSchema,
    responses: { 200: offerSchema },
    otherStatuses: [404],
  }),
  answerOffer: defineRoute({
    method: 'POST',
    path: '/offers/:id/answer',
    access: ['Buyer', 'Seller'],
    tags,
    operationId: 'answerOffer',
    summary:
      'Accept, decline (the seller) or counter the amount on the table (the side whose turn it is); accepting reserves the car',
    params: idParamsSchema,
    body: offerAnswerSchema,
    responses: { 200: offerSchema },
    otherStatuses: [404, 409],
  }),
  withdrawOffer: defineRoute({
    method: 'POST',
    path: '/offers/:id/withdraw',
    access: ['Buyer'],
    tags,
    operationId: 'withdrawOffer',
    summary: 'Withdraw an open offer (its buyer)',
    params: idParamsSchema,
    responses: { 200: offerSchema },
    otherStatuses: [404, 409],
  }),
  confirmPurchase: defineRoute({
    method: 'POST',
    path: '/offers/:id/confirm',
    access: ['Buyer'],
    tags,
    operationId: 'confirmPurchase',
    summary:
      'Confirm you are buying the car your accepted offer reserved (its buyer): the reservation no longer lapses, and the holding deposit goes to the seller once they mark the car sold',
    params: idParamsSchema,
    responses: { 200: offerSchema },
    otherStatuses: [404, 409],
  }),
  releaseOffer: defineRoute({
    method: 'POST',
    path: '/offers/:id/release',
    access: ['Seller'],
    tags,
    operationId: 'releaseOffer',
    summary: "Release the car an accepted offer reserved: it is for sale again (the car's seller)",
    params: idParamsSchema,
    responses: { 200: offerSchema },
    otherStatuses: [404, 409],
  }),
};
