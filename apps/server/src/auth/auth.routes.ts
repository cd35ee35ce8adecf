/**
 * Serves the endpoints of Better Auth that Redline uses (auth-endpoints.ts), one route each with
 * its access and the shared rules of its body and query, checked before Better Auth runs; every
 * other path under /api/auth is not found. Normalises e-mail addresses, hands Better Auth the
 * client's address (the limits in auth-limits.ts key on it), keeps session tokens out of every
 * answer's body (the browser gets them only in the httpOnly cookie), and answers Better Auth's
 * errors in Redline's one error shape.
 */
import { ERROR_CODES, type ErrorResponse } from '@redline/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../errors.ts';
import type { Auth } from './auth.ts';
import { AUTH_ENDPOINTS, type AuthEndpoint } from './auth-endpoints.ts';
import { CLIENT_IP_HEADER } from './auth-limits.ts';

const statusToCode: Record<number, string> = {
  400: ERROR_CODES.validation,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  429: ERROR_CODES.tooManyRequests,
};

export function registerAuthRoutes(app: FastifyInstance, auth: Auth, publicUrl: string) {
  for (const endpoint of Object.values(AUTH_ENDPOINTS) as AuthEndpoint[]) {
    app.route({
      method: endpoint.method,
      url: `/api/auth${endpoint.path}`,
      config: { access: endpoint.access },
      // Documented by http/auth.openapi.ts from the same table.
      schema: {
        hide: true,
        ...(endpoint.body && { body: endpoint.body }),
        ...(endpoint.params && { params: endpoint.params }),
        ...(endpoint.query && { querystring: endpoint.query }),
      },
      handler: (request, reply) => forward(auth, endpoint, publicUrl, request, reply),
    });
  }
}

async function forward(
  auth: Auth,
  endpoint: AuthEndpoint,
  publicUrl: string,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const body = normaliseEmail(request.body);
  const headers = toHeaders(request.headers);
  headers.delete('content-length');
  headers.set(CLIENT_IP_HEADER, request.ip);
  // The endpoint's own path (a trailing slash the router forgave is not passed on), with the checked query.
  const url = new URL(`/api/auth${fill(endpoint.path, request.params)}`, publicUrl);
  for (const [key, value] of Object.entries((request.query ?? {}) as Record<string, unknown>))
    if (typeof value === 'string') url.searchParams.set(key, value);
  const response = await auth.handler(
    new Request(url, {
      method: request.method,
      headers,
      body: request.method === 'GET' || body === undefined ? undefined : serialise(body),
    }),
  );

  reply.status(response.status);
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length' && key !== 'content-encoding')
      reply.header(key, value);
  });
  const text = await response.text();
  // A redirect has no body (not even `null`).
  if (response.status < 400) return reply.send(text ? withoutSessionTokens(text, response) : undefined);
  return reply.send(toErrorShape(response.status, text, request.id, reply));
}

function fill(path: string, params: unknown): string {
  return path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String((params as Record<string, unknown>)[name] ?? '')),
  );
}

function toHeaders(raw: FastifyRequest['headers']): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

/** JSON.parse takes nesting that JSON.stringify cannot give back (it overflows the stack). */
function serialise(body: Record<string, unknown>): string {
  try {
    return JSON.stringify(body);
  } catch {
    throw badRequest('The request body is not valid.');
  }
}

/** Every `token` field, at any depth: the session token (sign-in, sign-up, get-session, list-sessions…). */
function withoutSessionTokens(text: string, response: Response): string {
  if (!text || !response.headers.get('content-type')?.includes('json')) return text;
  return JSON.stringify(JSON.parse(text), (key, value) => (key === 'token' ? undefined : value));
}

function normaliseEmail(body: unknown): Record<string, unknown> | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const copy = { ...(body as Record<string, unknown>) };
  if (typeof copy.email === 'string') copy.email = copy.email.trim().toLowerCase();
  return copy;
}

/** Better Auth answers `{ code, message }`; its 422s become 400 here. */
function toErrorShape(status: number, text: string, requestId: string, reply: FastifyReply) {
  let parsed: { code?: string; message?: string; fields?: Record<string, string> } = {};
  try {
    parsed = JSON.parse(text);
  } catch {
    // Non-JSON error bodies keep the generic message below.
  }
  const finalStatus = status === 422 ? 400 : status;
  const message = parsed.message || 'The request could not be completed.';
  reply.status(finalStatus);
  reply.header('content-type', 'application/json; charset=utf-8');
  return JSON.stringify({
    error: {
      code: statusToCode[finalStatus] ?? ERROR_CODES.badRequest,
      message,
      // Set by auth.ts's validation of the bodies Better Auth stores.
      ...(parsed.fields && { fields: parsed.fields }),
      requestId,
    },
  } satisfies ErrorResponse);
}
