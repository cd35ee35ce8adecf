import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

export function reportsRoutes(_context: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
