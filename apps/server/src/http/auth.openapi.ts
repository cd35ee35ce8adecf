/**
 * Better Auth's calls that a client needs (sign up, sign in and out, the session, password reset, a new
 * confirmation link), described for the OpenAPI document: one catch-all route serves them all
 * (auth.routes.ts), so they cannot describe themselves. Bodies are the shared form rules; answers are Better Auth's.
 */
import { forgotPasswordSchema, resetPasswordSchema, signInSchema, signUpSchema } from '@redline/shared';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';
import type { OtherStatus } from './error-statuses.ts';

export const authUserSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  role: z.enum(['Buyer', 'Seller', 'Admin']),
  isVerified: z.boolean(),
});

export const authSessionSchema = z
  .looseObject({
    session: z.looseObject({
      id: z.string(),
      userId: z.string(),
      expiresAt: z.string(),
      createdAt: z.string(),
      updatedAt: z.string(),
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
    user: authUserSchema,
  })
  .nullable();

const signedInSchema = z.looseObject({
  redirect: z.boolean(),
  url: z.string().optional(),
  user: authUserSchema,
});
const signedUpSchema = z.looseObject({ user: authUserSchema });

/** The named answers, added to the document's components. */
export const AUTH_COMPONENTS = {
  AuthUser: authUserSchema,
  AuthSession: authSessionSchema,
  SignedIn: signedInSchema,
  SignedUp: signedUpSchema,
};

interface AuthOperation {
  method: 'get' | 'post';
  path: string;
  operationId: string;
  summary: string;
  body?: z.ZodType;
  otherStatuses: OtherStatus[];
  answer: keyof typeof AUTH_COMPONENTS | z.ZodType;
}

export const AUTH_OPERATIONS: AuthOperation[] = [
  {
    method: 'post',
    path: '/api/auth/sign-up/email',
    operationId: 'signUpEmail',
    otherStatuses: [429],
    summary:
      'Create an account (Buyer or Seller) and e-mail a link that confirms its address; signs no one in (sign in next). An address that has an account gets the same answer, and its owner an e-mail; 429 past SIGN_UP_LIMIT sign-ups an hour per client',
    // `image` is accepted only as null (Redline keeps no profile pictures): nothing to document.
    body: signUpSchema.omit({ image: true }),
    answer: 'SignedUp',
  },
  {
    method: 'post',
    path: '/api/auth/sign-in/email',
    operationId: 'signInEmail',
    otherStatuses: [401, 429],
    summary:
      'Sign in with e-mail and password: sets the session cookie; 401 for a wrong pair, 429 after repeated failures',
    body: signInSchema.extend({ rememberMe: z.boolean().optional() }),
    answer: 'SignedIn',
  },
  {
    method: 'post',
    path: '/api/auth/sign-out',
    operationId: 'signOut',
    otherStatuses: [],
    summary: 'End the session of the cookie sent (if any) and clear the cookie',
    answer: z.object({ success: z.literal(true) }),
  },
  {
    method: 'get',
    path: '/api/auth/get-session',
    operationId: 'getSession',
    otherStatuses: [],
    summary: 'The session of the cookie sent and its user, or null',
    answer: 'AuthSession',
  },
  {
    method: 'post',
    path: '/api/auth/request-password-reset',
    operationId: 'requestPasswordReset',
    otherStatuses: [429],
    summary:
      'E-mail a password-reset link to the address if it has an account; the answer is the same either way',
    body: forgotPasswordSchema.extend({
      redirectTo: z.string().max(2000).optional().describe('Where the e-mailed link leads, with ?token='),
    }),
    answer: z.object({ status: z.literal(true), message: z.string() }),
  },
  {
    method: 'post',
    path: '/api/auth/send-verification-email',
    operationId: 'sendVerificationEmail',
    otherStatuses: [400, 429],
    summary:
      'E-mail the signed-in user a new link that confirms their address (400 when it is confirmed already); without a session, to the address if its account is unconfirmed, the answer the same either way',
    body: forgotPasswordSchema,
    answer: z.object({ status: z.literal(true) }),
  },
  {
    method: 'post',
    path: '/api/auth/reset-password',
    operationId: 'resetPassword',
    otherStatuses: [429],
    summary: "Choose a new password with the e-mailed link's token; ends the account's sessions",
    body: z.object({
      newPassword: resetPasswordSchema.shape.password,
      token: z.string().min(1).max(200),
    }),
    answer: z.object({ status: z.literal(true) }),
  },
];

const toJson = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { target: 'openapi-3.0', io }) as Record<
    string,
    unknown
  >;
  return json as OpenAPIV3.SchemaObject;
};

/** The operations above as OpenAPI path items; `statuses` gives each its error statuses. */
export function authPaths(
  statuses: (operation: AuthOperation) => readonly (number | string)[],
): OpenAPIV3.PathsObject {
  const paths: OpenAPIV3.PathsObject = {};
  for (const operation of AUTH_OPERATIONS) {
    const answer =
      typeof operation.answer === 'string'
        ? { $ref: `#/components/schemas/${operation.answer}` }
        : toJson(operation.answer, 'output');
    paths[operation.path] = {
      [operation.method]: {
        operationId: operation.operationId,
        summary: operation.summary,
        tags: ['auth'],
        security: [],
        ...(operation.body && {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: toJson(operation.body, 'input') } },
          },
        }),
        responses: {
          200: { description: 'OK', content: { 'application/json': { schema: answer } } },
        },
        'x-statuses': statuses(operation),
      },
    };
  }
  return paths;
}
