/** The places of postal codes, for the fields where a seller types one (the gazetteer's, offline). */
import { z } from 'zod';
import { placeSchema, postalCodeSchema } from '../places.ts';
import { defineRoute } from './route.ts';

const tags = ['places'];

export const placesRoutes = {
  getPlace: defineRoute({
    method: 'GET',
    path: '/places/:postalCode',
    access: 'public',
    tags,
    operationId: 'getPlace',
    otherStatuses: [404],
    summary:
      'The city and state of a US ZIP code, as a car posted there would show them; 404 for a code not known',
    params: z.object({ postalCode: postalCodeSchema }),
    responses: { 200: placeSchema },
  }),
};
