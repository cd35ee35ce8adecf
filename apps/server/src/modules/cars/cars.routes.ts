import {
  carDetailSchema,
  carIdParamsSchema,
  carInputSchema,
  carPageSchema,
  carSearchQuerySchema,
  carSearchResultSchema,
  carSuggestionsSchema,
  carSuggestQuerySchema,
  carUpdateSchema,
  categoryCarsParamsSchema,
  deletedCountSchema,
  emailParamsSchema,
  pageQuerySchema,
  sellerCarPageSchema,
  sellerCarSchema,
} from '@redline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import { searchKey } from '../search/index.ts';
import * as service from './cars.service.ts';

const tags = ['cars'];

export function carsRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/cars/:id', {
      config: { access: 'signedIn' },
      schema: {
        tags,
        operationId: 'listCategoryCars',
        otherStatuses: [304, 404],
        summary: "A category's cars for sale, newest first (ETag: revalidate with If-None-Match)",
        params: categoryCarsParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: carPageSchema },
      },
      handler: (request, reply) =>
        context.catalogue.send(request, reply, {
          key: `category:${request.params.id}:${request.query.limit}:${request.query.cursor ?? ''}`,
          schema: carPageSchema,
          load: () => service.listCategoryCars(context, request.params.id, request.query),
        }),
    });

    app.get('/cars/search', {
      config: { access: 'signedIn' },
      schema: {
        tags,
        operationId: 'searchCars',
        otherStatuses: [304],
        summary:
          'Search the cars for sale: text with typos forgiven, filters, sort, with the total and disjunctive facet counts (ETag: revalidate with If-None-Match)',
        querystring: carSearchQuerySchema,
        response: { 200: carSearchResultSchema },
      },
      handler: (request, reply) =>
        context.search.answers.send(request, reply, {
          key: searchKey(request.query),
          schema: carSearchResultSchema,
          load: () => service.searchCars(context, request.query),
        }),
    });

    app.get('/cars/suggest', {
      config: { access: 'signedIn' },
      schema: {
        tags,
        operationId: 'suggestCars',
        summary: 'Brands and models of cars for sale that complete the search box (up to 8)',
        querystring: carSuggestQuerySchema,
        response: { 200: carSuggestionsSchema },
      },
      handler: (request) => service.suggestCars(context, request.query.q),
    });

    app.get('/cars/id/:id', {
      config: { access: 'signedIn' },
      schema: {
        tags,
        operationId: 'getCar',
        otherStatuses: [404],
        summary: 'One car (sold cars too), with its price history',
        params: carIdParamsSchema,
        response: { 200: carDetailSchema },
      },
      handler: (request) => service.getCar(context, request.params.id),
    });

    app.get('/cars/email/:email', {
      config: { access: ['Seller', 'Admin'] },
      schema: {
        tags,
        operationId: 'listSellerCars',
        otherStatuses: [404],
        summary: "A seller's cars, sold ones included (that seller or an admin)",
        params: emailParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: sellerCarPageSchema },
      },
      handler: (request) =>
        service.listSellerCars(context, currentUser(request), request.params.email, request.query),
    });

    app.post('/cars', {
      config: { access: ['Seller'] },
      schema: {
        tags,
        operationId: 'createCar',
        summary: 'Post a car for sale (seller)',
        body: carInputSchema,
        response: { 201: sellerCarSchema },
      },
      handler: async (request, reply) => {
        const car = await service.createCar(context, currentUser(request), request.body);
        return reply.code(201).send(car);
      },
    });

    app.patch('/cars/:id', {
      config: { access: ['Seller'] },
      schema: {
        tags,
        operationId: 'updateCar',
        otherStatuses: [404],
        summary: 'Edit one of your cars, or mark it sold or back on sale (its seller)',
        params: carIdParamsSchema,
        body: carUpdateSchema,
        response: { 200: sellerCarSchema },
      },
      handler: (request) => service.updateCar(context, currentUser(request), request.params.id, request.body),
    });

    app.delete('/cars/:id', {
      config: { access: ['Seller', 'Admin'] },
      schema: {
        tags,
        operationId: 'deleteCar',
        otherStatuses: [404],
        summary:
          'Delete a car with its advertisement, saved cars, reports and unpaid bookings (its seller or an admin)',
        params: carIdParamsSchema,
        response: { 200: deletedCountSchema },
      },
      handler: (request) => service.deleteCar(context, currentUser(request), request.params.id),
    });
  };
}
