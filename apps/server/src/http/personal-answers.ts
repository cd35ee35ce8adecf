/**
 * An /api answer that can depend on who asks is for that browser alone and is not kept: no shared
 * cache (proxy, CDN) may store it, nor the browser's disk (the next user of a shared computer).
 * Such an answer is any answer of a route that needs a session, and any answer to a request that
 * carries credentials or that sets a cookie (a public route may answer per user: /api/me). Such an
 * answer gets `private, no-store`, or, when the route chose its own caching (the catalogue's ETag
 * revalidation, `no-cache`; Better Auth's `no-store`), that choice made private.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

function isPersonal(request: FastifyRequest, reply: FastifyReply): boolean {
  if (!request.url.startsWith('/api/')) return false;
  const access = request.routeOptions.config?.access;
  return (
    (access !== undefined && access !== 'public') ||
    request.headers.cookie !== undefined ||
    request.headers.authorization !== undefined ||
    reply.hasHeader('set-cookie')
  );
}

/** Makes the answer private (see above) when it is personal; what `onSend` does for every answer. */
export function keepPersonalPrivate(request: FastifyRequest, reply: FastifyReply) {
  if (!isPersonal(request, reply)) return;
  const own = reply.getHeader('cache-control');
  if (typeof own !== 'string') reply.header('cache-control', 'private, no-store');
  else if (!/\bprivate\b/.test(own)) reply.header('cache-control', `private, ${own}`);
}

export function registerPersonalAnswers(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    keepPersonalPrivate(request, reply);
    done(null, payload);
  });
}
