/** What's New: the advertised cars, and a seller advertising one of theirs. */
import { advertisedCarPageSchema, advertiseInputSchema, advertisementSchema } from '../cars.ts';
import { pageQuerySchema } from '../common.ts';
import { defineRoute } from './route.ts';

const tags = ['advertisements'];

export const advertisementsRoutes = {
  listAdvertisedCars: defineRoute({
    method: 'GET',
    path: '/advertise',
    access: 'public',
    tags,
    operationId: 'listAdvertisedCars',
    otherStatuses: [304],
    summary:
      "What's New: advertised cars for sale, newest advertisement first (ETag: revalidate with If-None-Match)",
    query: pageQuerySchema,
    responses: { 200: advertisedCarPageSchema },
  }),
  advertiseCar: defineRoute({
    method: 'POST',
    path: '/advertise',
    access: ['Seller'],
    tags,
    operationId: 'advertiseCar',
    otherStatuses: [404, 409],
    summary: 'Advertise one of your unsold cars, once (its seller)',
    body: advertiseInputSchema,
    responses: { 201: advertisementSchema },
  }),
};
