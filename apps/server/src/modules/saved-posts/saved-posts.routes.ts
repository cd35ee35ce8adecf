import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

export function savedPostsRoutes(_context: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
