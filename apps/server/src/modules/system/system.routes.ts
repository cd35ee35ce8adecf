import { publicConfigSchema } from '@redline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import * as service from './system.service.ts';

const healthy = z.object({ status: z.literal('ok') });

export function systemRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/health/live', {
      config: { access: 'public', shed: false },
      schema: {
        tags: ['system'],
        operationId: 'getLiveness',
        summary: 'The process answers (restart it when it does not)',
        response: { 200: healthy },
      },
      handler: () => ({ status: 'ok' as const }),
    });

    app.get('/health/ready', {
      config: { access: 'public', shed: false },
      schema: {
        tags: ['system'],
        operationId: 'getReadiness',
        otherStatuses: [503],
        summary:
          'The instance takes traffic: its database answers, fully migrated; not overloaded or draining',
        response: { 200: healthy },
      },
      handler: () => service.checkReadiness(context, app.isUnderPressure()),
    });

    app.get('/config', {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        operationId: 'getConfig',
        summary: 'What the browser needs to know',
        response: { 200: publicConfigSchema },
      },
      handler: () => service.publicConfig(context),
    });
  };
}
