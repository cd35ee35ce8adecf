import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

export function carsRoutes(_context: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
