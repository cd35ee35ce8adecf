/**
 * A route's limit for visitors (`config.rateLimit`): at most `max` calls a minute per client address
 * (a wide office or carrier address shares one), for callers without a session only: a signed-in
 * user is known, and not limited by it. Counted with every instance's hits (rate-limits/).
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { sessionUser } from './access.ts';

export function visitorLimit(context: Pick<AppContext, 'auth' | 'sessions' | 'database'>, max: number) {
  return {
    max,
    timeWindow: '1 minute',
    allowList: async (request: FastifyRequest) => (await sessionUser(context, request)) !== null,
  };
}
