/**
 * The endpoints of Better Auth that Redline serves (auth.routes.ts), and only these: every other
 * endpoint of the library (verify-password, list-sessions, revoke-sessions…) answers 404. Each with
 * the access it needs and the shared rules of its body, query and path, which its route checks
 * before Better Auth runs (its limits included): an unknown field is refused, not passed on. Those
 * the web app calls are declared in the shared contract (contract/auth.ts); the two links a browser
 * is only sent to are declared here. http/auth.openapi.ts documents each one.
 */
import { authTokenSchema, authUrlSchema } from '@redline/shared';
import { contract, type RouteDeclaration } from '@redline/shared/contract';
import { z } from 'zod';

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

type AuthRoute = RouteDeclaration & {
  method: 'GET' | 'POST';
  path: `/auth/${string}`;
  access: 'public' | 'signedIn';
};

/** A declared route as Better Auth's endpoint: its path under /api/auth. */
function declared({ method, path, access, body, params, query }: AuthRoute): AuthEndpoint {
  return { method, path: path.slice('/auth'.length), access, body, params, query };
}

export const AUTH_ENDPOINTS = {
  signUpEmail: declared(contract.signUpEmail),
  signInEmail: declared(contract.signInEmail),
  signInSocial: declared(contract.signInSocial),
  /** Where Google sends the browser back (the OpenID Connect redirect URI). */
  googleCallback: {
    method: 'GET',
    path: '/callback/google',
    access: 'public',
    query: z.strictObject({
      code: z.string().max(2000).optional(),
      state: z.string().max(2000).optional(),
      error: z.string().max(200).optional(),
      error_description: z.string().max(2000).optional(),
    }),
  },
  signOut: declared(contract.signOut),
  getSession: declared(contract.getSession),
  requestPasswordReset: declared(contract.requestPasswordReset),
  /** The e-mailed link: checks the token and sends the browser to the reset page with it. */
  resetPasswordLink: {
    method: 'GET',
    path: '/reset-password/:token',
    access: 'public',
    params: z.object({ token: authTokenSchema }),
    query: z.strictObject({ callbackURL: authUrlSchema }),
  },
  resetPassword: declared(contract.resetPassword),
  changePassword: declared(contract.changePassword),
  updateUser: declared(contract.updateUser),
  sendVerificationEmail: declared(contract.sendVerificationEmail),
  verifyEmail: declared(contract.verifyEmail),
} as const satisfies Record<string, AuthEndpoint>;

export type AuthEndpointName = keyof typeof AUTH_ENDPOINTS;
