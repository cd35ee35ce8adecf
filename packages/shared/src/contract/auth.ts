/**
 * The endpoints of Better Auth that Redline serves (ADR 34): the server checks each one's access and
 * input, then hands the request to Better Auth; every other path under /api/auth is not found.
 * Answers are Better Auth's. The web app calls those that answer a body; the links a browser is only
 * sent to (Google's callback, the e-mailed reset link) answer a redirect (302).
 */
import { z } from 'zod';
import {
  authSessionSchema,
  authTokenSchema,
  authUrlSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  signedInSchema,
  signedUpSchema,
  signInSchema,
  signUpSchema,
  updateUserSchema,
} from '../auth.ts';
import { emailFieldSchema } from '../common.ts';
import { defineRoute } from './route.ts';

const tags = ['auth'];
const newPassword = resetPasswordSchema.shape.password;
/** The confirmation link's token is a signed JWT that carries the address (up to 254 characters). */
const confirmationToken = z.string().min(1).max(1000);
const statusOnly = z.object({ status: z.literal(true) });

export const authRoutes = {
  signUpEmail: defineRoute({
    method: 'POST',
    path: '/auth/sign-up/email',
    access: 'public',
    tags,
    operationId: 'signUpEmail',
    summary:
      'Create an account (Buyer or Seller) and e-mail a link that confirms its address; signs no one in (sign in next). An address that has an account gets the same answer, and its owner an e-mail; 429 past SIGN_UP_LIMIT sign-ups an hour per client',
    body: z.strictObject(signUpSchema.shape),
    responses: { 200: signedUpSchema },
    otherStatuses: [429],
  }),
  signInEmail: defineRoute({
    method: 'POST',
    path: '/auth/sign-in/email',
    access: 'public',
    tags,
    operationId: 'signInEmail',
    summary:
      'Sign in with e-mail and password: sets the session cookie; 401 for a wrong pair, 429 after repeated failures',
    body: z.strictObject({ ...signInSchema.shape, rememberMe: z.boolean().optional() }),
    responses: { 200: signedInSchema },
    otherStatuses: [401, 429],
  }),
  signInSocial: defineRoute({
    method: 'POST',
    path: '/auth/sign-in/social',
    access: 'public',
    tags,
    operationId: 'signInSocial',
    summary:
      "Start a Google sign-in: answers the provider's address to send the browser to (404 when Google is not configured)",
    body: z.strictObject({
      provider: z.literal('google', { error: 'Only Google sign-in is offered' }),
      callbackURL: authUrlSchema,
      errorCallbackURL: authUrlSchema.optional(),
    }),
    responses: { 200: z.looseObject({ url: z.string(), redirect: z.boolean() }) },
    otherStatuses: [404],
  }),
  googleCallback: defineRoute({
    method: 'GET',
    path: '/auth/callback/google',
    access: 'public',
    tags,
    operationId: 'googleCallback',
    summary:
      'Where Google sends the browser back: signs in (or up, as a Buyer) and sends the browser on, to the login page on a failure',
    query: z.strictObject({
      code: z.string().max(2000).optional(),
      state: z.string().max(2000).optional(),
      error: z.string().max(200).optional(),
      error_description: z.string().max(2000).optional(),
    }),
    responses: { 302: "The sign-in's callbackURL; on a failure the login page, with ?error=" },
    otherStatuses: [],
  }),
  signOut: defineRoute({
    method: 'POST',
    path: '/auth/sign-out',
    access: 'public',
    tags,
    operationId: 'signOut',
    summary: 'End the session of the cookie sent (if any) and clear the cookie',
    responses: { 200: z.object({ success: z.literal(true) }) },
    otherStatuses: [],
  }),
  getSession: defineRoute({
    method: 'GET',
    path: '/auth/get-session',
    access: 'public',
    tags,
    operationId: 'getSession',
    summary: 'The session of the cookie sent and its user, or null',
    responses: { 200: authSessionSchema },
    otherStatuses: [],
  }),
  requestPasswordReset: defineRoute({
    method: 'POST',
    path: '/auth/request-password-reset',
    access: 'public',
    tags,
    operationId: 'requestPasswordReset',
    summary:
      'E-mail a password-reset link to the address if it has an account; the answer is the same either way',
    body: z.strictObject({ ...forgotPasswordSchema.shape, redirectTo: authUrlSchema.optional() }),
    responses: { 200: z.object({ status: z.literal(true), message: z.string() }) },
    otherStatuses: [429],
  }),
  resetPasswordLink: defineRoute({
    method: 'GET',
    path: '/auth/reset-password/:token',
    access: 'public',
    tags,
    operationId: 'resetPasswordLink',
    summary:
      'The e-mailed reset link: sends the browser to callbackURL with the token, or with ?error=INVALID_TOKEN',
    params: z.object({ token: authTokenSchema }),
    query: z.strictObject({ callbackURL: authUrlSchema }),
    responses: { 302: 'callbackURL with ?token=, or with ?error=INVALID_TOKEN when the token is not valid' },
    otherStatuses: [403],
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/auth/reset-password',
    access: 'public',
    tags,
    operationId: 'resetPassword',
    summary: "Choose a new password with the e-mailed link's token; ends the account's sessions",
    body: z.strictObject({ newPassword, token: authTokenSchema }),
    responses: { 200: statusOnly },
    otherStatuses: [429],
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/auth/change-password',
    access: 'signedIn',
    tags,
    operationId: 'changePassword',
    summary:
      'Change the password, giving the current one: ends the other sessions (this one continues with a new cookie); 400 for a wrong current password, 429 after repeated ones',
    body: z.strictObject({
      currentPassword: z.string().min(1, 'Enter your current password').max(128),
      newPassword,
      revokeOtherSessions: z.boolean().optional(),
    }),
    responses: { 200: signedUpSchema },
    otherStatuses: [429],
  }),
  updateUser: defineRoute({
    method: 'POST',
    path: '/auth/update-user',
    access: 'signedIn',
    tags,
    operationId: 'updateUser',
    summary: "Change the signed-in user's name",
    body: z.strictObject(updateUserSchema.shape),
    responses: { 200: statusOnly },
    otherStatuses: [],
  }),
  sendVerificationEmail: defineRoute({
    method: 'POST',
    path: '/auth/send-verification-email',
    access: 'public',
    tags,
    operationId: 'sendVerificationEmail',
    summary:
      'E-mail the signed-in user a new link that confirms their address (400 when it is confirmed already); without a session, to the address if its account is unconfirmed, the answer the same either way',
    body: z.strictObject({ email: emailFieldSchema, callbackURL: authUrlSchema.optional() }),
    responses: { 200: statusOnly },
    otherStatuses: [400, 429],
  }),
  verifyEmail: defineRoute({
    method: 'GET',
    path: '/auth/verify-email',
    access: 'public',
    tags,
    operationId: 'verifyEmail',
    summary:
      "The e-mailed confirmation link: confirms the account's address, then sends the browser to callbackURL (if given)",
    query: z.strictObject({ token: confirmationToken, callbackURL: authUrlSchema.optional() }),
    responses: {
      200: z.looseObject({ status: z.literal(true) }),
      302: 'callbackURL when the link names one, with ?error= (TOKEN_EXPIRED, INVALID_TOKEN…) when it did not confirm',
    },
    otherStatuses: [401, 403],
  }),
};
