/**
 * The endpoints of Better Auth that Redline serves (auth.routes.ts), and only these: every other
 * endpoint of the library (verify-password, list-sessions, revoke-sessions…) answers 404. They are
 * the routes the shared contract declares in contract/auth.ts, each with the access it needs and the
 * shared rules of its body, query and path, which its route checks before Better Auth runs (its
 * limits included): an unknown field is refused, not passed on. http/auth.openapi.ts documents each
 * one from the same declarations.
 */
import { authRoutes, type RouteDeclaration } from '@redline/shared/contract';
import type { z } from 'zod';

export interface AuthEndpoint {
  method: 'GET' | 'POST';
  /** Better Auth's path, under /api/auth. */
  path: string;
  /** `signedIn`: Redline's access check answers 401 first, as for its own routes. */
  access: 'public' | 'signedIn';
  body?: z.ZodType;
  params?: z.ZodType;
  query?: z.ZodType;
}

/** What a declaration under /auth must be for Better Auth to serve it. */
export type AuthRoute = RouteDeclaration & {
  method: 'GET' | 'POST';
  path: `/auth/${string}`;
  access: 'public' | 'signedIn';
};

type AuthEndpointName = keyof typeof authRoutes;

/** A declared route as Better Auth's endpoint: its path under /api/auth. */
function endpointOf({ method, path, access, body, params, query }: AuthRoute): AuthEndpoint {
  return { method, path: path.slice('/auth'.length), access, body, params, query };
}

export const AUTH_ENDPOINTS = Object.fromEntries(
  Object.entries(authRoutes).map(([name, route]) => [name, endpointOf(route)]),
) as Record<AuthEndpointName, AuthEndpoint>;
