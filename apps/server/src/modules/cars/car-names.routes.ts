import { contract } from '@redline/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import * as service from './car-names.ts';

export function carNamesRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, contract.listOtherCarNames, () => service.listOtherNames(context));
    serve(app, contract.listCarNameMappings, () => service.listTypoMappings(context));
    serve(app, contract.reviewCarNameMapping, (request) =>
      service.reviewMapping(context, request.params.id, request.body),
    );
  };
}
