/**
 * The endpoints of Better Auth that Redline serves (auth/auth-endpoints.ts), described for the
 * OpenAPI document: their routes hand the request to Better Auth, so they cannot describe their
 * answers themselves. Bodies, queries and paths are the routes' own rules; answers are Better Auth's.
 */

import type { OtherStatus } from '@redline/shared/contract';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';
import { AUTH_ENDPOINTS, type AuthEndpoint, type AuthEndpointName } from '../auth/auth-endpoints.ts';

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

interface AuthDoc {
  summary: string;
  otherStatuses: OtherStatus[];
  /** The answer's body, or `redirect`: the browser is sent on (302) with no body. */
  answer: keyof typeof AUTH_COMPONENTS | z.ZodType | 'redirect';
  /** The answer, or a redirect when the call names where to go (`callbackURL`). */
  redirectsWhenAsked?: true;
}

const statusOnly = z.object({ status: z.literal(true) });

/** One description per endpoint Redline serves (auth/auth-endpoints.ts): the compiler keeps them in step. */
const AUTH_DOCS: Record<AuthEndpointName, AuthDoc> = {
  signUpEmail: {
    otherStatuses: [429],
    summary:
      'Create an account (Buyer or Seller) and e-mail a link that confirms its address; signs no one in (sign in next). An address that has an account gets the same answer, and its owner an e-mail; 429 past SIGN_UP_LIMIT sign-ups an hour per client',
    answer: 'SignedUp',
  },
  signInEmail: {
    otherStatuses: [401, 429],
    summary:
      'Sign in with e-mail and password: sets the session cookie; 401 for a wrong pair, 429 after repeated failures',
    answer: 'SignedIn',
  },
  signInSocial: {
    otherStatuses: [404],
    summary:
      "Start a Google sign-in: answers the provider's address to send the browser to (404 when Google is not configured)",
    answer: z.looseObject({ url: z.string(), redirect: z.boolean() }),
  },
  googleCallback: {
    otherStatuses: [],
    summary:
      'Where Google sends the browser back: signs in (or up, as a Buyer) and sends the browser on, to the login page on a failure',
    answer: 'redirect',
  },
  signOut: {
    otherStatuses: [],
    summary: 'End the session of the cookie sent (if any) and clear the cookie',
    answer: z.object({ success: z.literal(true) }),
  },
  getSession: {
    otherStatuses: [],
    summary: 'The session of the cookie sent and its user, or null',
    answer: 'AuthSession',
  },
  requestPasswordReset: {
    otherStatuses: [429],
    summary:
      'E-mail a password-reset link to the address if it has an account; the answer is the same either way',
    answer: z.object({ status: z.literal(true), message: z.string() }),
  },
  resetPasswordLink: {
    otherStatuses: [403],
    summary:
      'The e-mailed reset link: sends the browser to callbackURL with the token, or with ?error=INVALID_TOKEN',
    answer: 'redirect',
  },
  resetPassword: {
    otherStatuses: [429],
    summary: "Choose a new password with the e-mailed link's token; ends the account's sessions",
    answer: statusOnly,
  },
  changePassword: {
    otherStatuses: [429],
    summary:
      'Change the password, giving the current one: ends the other sessions (this one continues with a new cookie); 400 for a wrong current password, 429 after repeated ones',
    answer: 'SignedUp',
  },
  updateUser: {
    otherStatuses: [],
    summary: "Change the signed-in user's name",
    answer: statusOnly,
  },
  sendVerificationEmail: {
    otherStatuses: [400, 429],
    summary:
      'E-mail the signed-in user a new link that confirms their address (400 when it is confirmed already); without a session, to the address if its account is unconfirmed, the answer the same either way',
    answer: statusOnly,
  },
  verifyEmail: {
    otherStatuses: [401, 403],
    summary:
      "The e-mailed confirmation link: confirms the account's address, then sends the browser to callbackURL (if given)",
    answer: z.looseObject({ status: z.literal(true) }),
    redirectsWhenAsked: true,
  },
};

const toJson = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { target: 'openapi-3.0', io }) as Record<
    string,
    unknown
  >;
  return json as OpenAPIV3.SchemaObject;
};

/** The fields of a query or path schema as OpenAPI parameters. */
function parametersOf(schema: z.ZodType | undefined, place: 'query' | 'path'): OpenAPIV3.ParameterObject[] {
  if (!schema) return [];
  const json = toJson(schema, 'input');
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: place,
    required: place === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

/**
 * The endpoints as OpenAPI path items; `describe` gives each its security and error statuses, as
 * openapi.ts works them out for every route.
 */
export function authPaths(
  describe: (endpoint: AuthEndpoint, otherStatuses: OtherStatus[]) => Partial<OpenAPIV3.OperationObject>,
): OpenAPIV3.PathsObject {
  const paths: OpenAPIV3.PathsObject = {};
  for (const [name, endpoint] of Object.entries(AUTH_ENDPOINTS) as [AuthEndpointName, AuthEndpoint][]) {
    const doc = AUTH_DOCS[name];
    const redirect = { 302: { description: 'Found: the browser is sent on (Location)' } };
    const success: OpenAPIV3.ResponsesObject =
      doc.answer === 'redirect'
        ? redirect
        : {
            200: {
              description: 'OK',
              content: {
                'application/json': {
                  schema:
                    typeof doc.answer === 'string'
                      ? { $ref: `#/components/schemas/${doc.answer}` }
                      : toJson(doc.answer, 'output'),
                },
              },
            },
            ...(doc.redirectsWhenAsked && redirect),
          };
    const parameters = [...parametersOf(endpoint.params, 'path'), ...parametersOf(endpoint.query, 'query')];
    const path = `/api/auth${endpoint.path.replace(/:(\w+)/g, '{$1}')}`;
    paths[path] = {
      [endpoint.method.toLowerCase()]: {
        operationId: name,
        summary: doc.summary,
        tags: ['auth'],
        ...(parameters.length > 0 && { parameters }),
        ...(endpoint.body && {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: toJson(endpoint.body, 'input') } },
          },
        }),
        responses: success,
        ...describe(endpoint, doc.otherStatuses),
      },
    };
  }
  return paths;
}
