/**
 * The id of each request, echoed in X-Request-Id and written in every log line: a caller's own id
 * (a proxy's or a client's, for tracing) is kept only when short and made of safe characters;
 * anything else would let a client write what it likes, at any length, into logs and headers.
 */
import type { IncomingMessage } from 'node:http';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : crypto.randomUUID();
}
