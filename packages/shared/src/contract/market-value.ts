/** A car's market value: the comparables behind its estimate. */
import { carIdParamsSchema } from '../cars.ts';
import { carComparablesSchema } from '../market-value.ts';
import { defineRoute } from './route.ts';

export const marketValueRoutes = {
  getCarComparables: defineRoute({
    method: 'GET',
    path: '/cars/id/:id/comparables',
    access: 'browse',
    tags: ['cars'],
    operationId: 'getCarComparables',
    otherStatuses: [404],
    summary:
      "The comparable cars behind a car's market value: those for sale, the sold ones summarised, with the points of a chart of price against mileage",
    params: carIdParamsSchema,
    responses: { 200: carComparablesSchema },
  }),
};
