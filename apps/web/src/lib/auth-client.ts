/**
 * Better Auth's browser client for sign-up, sign-in, sign-out, Google and password reset
 * (same origin, under /api/auth). Everything else about the user comes from `GET /api/me`.
 */
import { errorResponseSchema } from '@redline/shared';
import { inferAdditionalFields } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { ApiError } from './api-client.ts';

export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [
    inferAdditionalFields({
      user: {
        role: { type: 'string', required: false, input: true },
        isVerified: { type: 'boolean', required: false, input: false },
      },
    }),
  ],
});

type AuthResult<T> = { data: T; error: null } | { data: null; error: { status?: number; message?: string } };

/**
 * Returns the data of a Better Auth call or throws an `ApiError`. Our server answers auth errors in
 * Redline's error shape, which the client nests as `error.error`; plain Better Auth errors carry
 * `message` directly.
 */
export function unwrapAuthResult<T>(result: AuthResult<T>): T {
  if (!result.error) return result.data as T;
  const { error } = result;
  const status = error.status ?? 0;
  const shaped = errorResponseSchema.safeParse(error);
  if (shaped.success) {
    const { code, message, fields, requestId } = shaped.data.error;
    throw new ApiError(status, code, message, fields, requestId);
  }
  throw new ApiError(status, 'auth_error', error.message || 'Something went wrong. Please try again.');
}
