/** A car's market value: the comparables behind its estimate, and the estimate of a car being described. */
import { carEstimateInputSchema, carIdParamsSchema } from '../cars.ts';
import { carComparablesSchema, carEstimateSchema } from '../market-value.ts';
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
  estimateCar: defineRoute({
    method: 'POST',
    path: '/market-value/estimate',
    access: ['Seller'],
    tags: ['cars'],
    operationId: 'estimateCar',
    summary:
      "The estimated market value and range of a car as its seller describes it, before posting or while editing it (by the last refit's fits)",
    body: carEstimateInputSchema,
    responses: { 200: carEstimateSchema },
  }),
};
