/**
 * The endpoints of Better Auth that Redline serves (auth.routes.ts), and only these: every other
 * endpoint of the library (verify-password, list-sessions, revoke-sessions…) answers 404. Each with
 * the access it needs and the shared rules of its body, query and path, which its route checks
 * before Better Auth runs (its limits included): an unknown field is refused, not passed on.
 * http/auth.openapi.ts documents each one.
 */
import {
  emailFieldSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  updateUserSchema,
} from '@redline/shared';
import { z } from 'zod';

const url = z.string().max(2000);
const newPassword = resetPasswordSchema.shape.password;
const token = z.string().min(1).max(200);
/** The confirmation link's token is a signed JWT that carries the address (up to 254 characters). */
const confirmationToken = z.string().min(1).max(1000);

export interface AuthEndpoint {
  method: 'GET' | 'POST';
  /** Better Auth's path, under /api/auth. */
  path: string;
  /** `signedIn`: Redline's access check answers 401 first, as for its own routes. */
  access: 'public' | 'signedIn';
  body?: z.ZodType<Record<string, unknown>>;
  params?: z.ZodType<Record<string, unknown>>;
  query?: z.ZodType<Record<string, unknown>>;
}

export const AUTH_ENDPOINTS = {
  signUpEmail: {
    method: 'POST',
    path: '/sign-up/email',
    access: 'public',
    body: z.strictObject(signUpSchema.shape),
  },
  signInEmail: {
    method: 'POST',
    path: '/sign-in/email',
    access: 'public',
    body: z.strictObject({ ...signInSchema.shape, rememberMe: z.boolean().optional() }),
  },
  signInSocial: {
    method: 'POST',
    path: '/sign-in/social',
    access: 'public',
    body: z.strictObject({
      provider: z.literal('google', { error: 'Only Google sign-in is offered' }),
      callbackURL: url,
      errorCallbackURL: url.optional(),
    }),
  },
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
  signOut: { method: 'POST', path: '/sign-out', access: 'public' },
  getSession: { method: 'GET', path: '/get-session', access: 'public' },
  requestPasswordReset: {
    method: 'POST',
    path: '/request-password-reset',
    access: 'public',
    body: z.strictObject({ ...forgotPasswordSchema.shape, redirectTo: url.optional() }),
  },
  /** The e-mailed link: checks the token and sends the browser to the reset page with it. */
  resetPasswordLink: {
    method: 'GET',
    path: '/reset-password/:token',
    access: 'public',
    params: z.object({ token }),
    query: z.strictObject({ callbackURL: url }),
  },
  resetPassword: {
    method: 'POST',
    path: '/reset-password',
    access: 'public',
    body: z.strictObject({ newPassword, token }),
  },
  changePassword: {
    method: 'POST',
    path: '/change-password',
    access: 'signedIn',
    body: z.strictObject({
      currentPassword: z.string().min(1, 'Enter your current password').max(128),
      newPassword,
      revokeOtherSessions: z.boolean().optional(),
    }),
  },
  updateUser: {
    method: 'POST',
    path: '/update-user',
    access: 'signedIn',
    body: z.strictObject(updateUserSchema.shape),
  },
  sendVerificationEmail: {
    method: 'POST',
    path: '/send-verification-email',
    access: 'public',
    body: z.strictObject({ email: emailFieldSchema, callbackURL: url.optional() }),
  },
  /** The e-mailed confirmation link. */
  verifyEmail: {
    method: 'GET',
    path: '/verify-email',
    access: 'public',
    query: z.strictObject({ token: confirmationToken, callbackURL: url.optional() }),
  },
} as const satisfies Record<string, AuthEndpoint>;

export type AuthEndpointName = keyof typeof AUTH_ENDPOINTS;
