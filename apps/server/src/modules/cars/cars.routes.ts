import { contract } from '@redline/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/access.ts';
import { serve } from '../../http/serve.ts';
import { visitorLimit } from '../../http/visitor-limit.ts';
import { searchKey } from '../search/index.ts';
import type { CarsContext } from './cars.service.ts';
import * as service from './cars.service.ts';

/**
 * What a visitor's address may search and complete in a minute (issue 47): a person browsing, even
 * typing fast and paging through results, stays far below (a page render or a "Load more" is one
 * search, a suggestion one a keystroke at most); a scraper walking the catalogue meets it, answered
 * 429 with Retry-After (http/visitor-limit.ts).
 */
export const VISITOR_SEARCHES_PER_MINUTE = 240;
export const VISITOR_SUGGESTIONS_PER_MINUTE = 600;

export function carsRoutes(context: CarsContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, contract.listCategoryCars, (request, reply) =>
      context.catalogue.send(request, reply, {
        key: `category:${request.params.id}:${request.query.limit}:${request.query.cursor ?? ''}`,
        load: () => service.listCategoryCars(context, request.params.id, request.query),
      }),
    );
    serve(
      app,
      contract.searchCars,
      (request, reply) =>
        context.search.answers.send(request, reply, {
          key: searchKey(request.query),
          load: () => service.searchCars(context, request.query),
        }),
      { rateLimit: visitorLimit(context, VISITOR_SEARCHES_PER_MINUTE) },
    );
    serve(app, contract.suggestCars, (request) => service.suggestCars(context, request.query.q), {
      rateLimit: visitorLimit(context, VISITOR_SUGGESTIONS_PER_MINUTE),
    });
    serve(app, contract.compareCars, (request) => service.compareCars(context, request.query));
    serve(app, contract.getCar, (request) => service.getCar(context, request.params.id));
    serve(app, contract.listSellerCars, (request) =>
      service.listSellerCars(context, currentUser(request), request.params.email, request.query),
    );
    serve(app, contract.createCar, async (request, reply) =>
      reply.code(201).send(await service.createCar(context, currentUser(request), request.body)),
    );
    serve(app, contract.updateCar, (request) =>
      service.updateCar(context, currentUser(request), request.params.id, request.body),
    );
    serve(app, contract.deleteCar, (request) =>
      service.deleteCar(context, currentUser(request), request.params.id),
    );
  };
}
