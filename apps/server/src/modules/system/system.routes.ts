import { contract } from '@redline/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import * as service from './system.service.ts';

export function systemRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, contract.getLiveness, () => ({ status: 'ok' as const }), { shed: false });
    serve(app, contract.getReadiness, () => service.checkReadiness(context, app.isUnderPressure()), {
      shed: false,
    });
    serve(app, contract.getConfig, () => service.publicConfig(context));
  };
}
