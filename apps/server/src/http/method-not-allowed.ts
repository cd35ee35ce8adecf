/**
 * A known path called with a method it does not have answers 405 with an Allow header, not 404:
 * every route is mirrored into a router of its own, which the not-found handler asks for the
 * methods the path does have.
 */
import type { FastifyInstance } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';

/** Call before any route is registered; returns the methods a path has (none for an unknown path). */
export function trackRouteMethods(app: FastifyInstance): (path: string) => string[] {
  const router = FindMyWay({ ignoreTrailingSlash: true });
  const methods = new Set<string>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat() as HTTPMethod[]) {
      router.on(method, route.url, () => {});
      methods.add(method);
    }
  });
  return (path) => [...methods].filter((method) => router.find(method as HTTPMethod, path) !== null).sort();
}
