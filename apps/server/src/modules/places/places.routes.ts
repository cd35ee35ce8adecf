/**
 * A ZIP code's city and state, for the forms to show what a typed code means before it is saved.
 * Not rate-limited, like the catalogue's lookups: an answer is a lookup in memory of public data.
 */
import { contract } from '@redline/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../errors.ts';
import { serve } from '../../http/serve.ts';
import { placeOf, shownPlace } from '../../places/gazetteer.ts';

export function placesRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, contract.getPlace, (request) => {
      const place = placeOf(request.params.postalCode);
      if (!place) throw notFound(`The ZIP code ${request.params.postalCode}`);
      return shownPlace(place);
    });
  };
}
