/**
 * One spelling per path, for the whole server: a request whose path could be read as another path
 * (dot segments, doubled slashes, backslashes, percent-encoded dots, slashes or letters…) is refused
 * with 400 before any handler runs. Without this, `/api/auth/./sign-in/email` reached Better Auth's
 * sign-in (which resolves the dots) under a spelling that no check written for the real path matched.
 * Why refuse rather than normalise: docs/decisions/0004-one-spelling-per-path.md.
 */
import { ERROR_CODES } from '@redline/shared';
import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler.ts';

/** Characters that must appear as themselves in a path, never percent-encoded (RFC 3986 §6.2.2.2), and the separators. */
const MUST_NOT_BE_ENCODED = /^[A-Za-z0-9\-._~/\\]$/;

/**
 * What every other spelling but a backslash's (refused first) contains: an escape, an empty segment
 * or a segment that starts with a dot. A path with none (nearly every request) needs no check of its segments.
 */
const MAY_BE_ANOTHER_SPELLING = /%|\/\/|\/\./;

export function isCanonicalPath(url: string): boolean {
  const query = url.indexOf('?');
  const pathname = query === -1 ? url : url.slice(0, query);
  if (!pathname.startsWith('/') || pathname.includes('\\')) return false;
  if (!MAY_BE_ANOTHER_SPELLING.test(pathname)) return true;
  // Empty segments (`//`), except the trailing slash that the router ignores.
  const segments = pathname.slice(1).split('/');
  for (const [i, segment] of segments.entries()) {
    if (segment === '' && i < segments.length - 1) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return false;
    }
    if (decoded === '.' || decoded === '..') return false;
    for (const [, hex] of segment.matchAll(/%([0-9A-Fa-f]{2})/g)) {
      if (MUST_NOT_BE_ENCODED.test(String.fromCharCode(Number.parseInt(hex!, 16)))) return false;
    }
  }
  return true;
}

/** The first check of every request (routes, static files and the not-found handler alike). */
export function refuseNonCanonicalPaths(app: FastifyInstance) {
  // A callback hook: an async one costs every request a promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (isCanonicalPath(request.url)) return done();
    sendError(reply, request, 400, {
      code: ERROR_CODES.badRequest,
      message:
        'The address is not valid: write it without dot segments, doubled slashes, backslashes or needlessly encoded characters.',
    });
  });
}
