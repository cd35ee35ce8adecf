/**
 * The endpoints of Better Auth that Redline serves (auth/auth-endpoints.ts), described for the
 * OpenAPI document: their routes hand the request to Better Auth, so they cannot describe their
 * answers themselves. Bodies, queries and paths are the routes' own rules; answers are Better Auth's.
 */
import { authSessionSchema, authUserSchema, signedInSchema, signedUpSchema } from '@redline/shared';
import { contract, type OtherStatus, type RouteDeclaration } from '@redline/shared/contract';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';
import { AUTH_ENDPOINTS, type AuthEndpoint, type AuthEndpointName } from '../auth/auth-endpoints.ts';

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

/** A route the contract declares, described by its declaration (a named answer by its name). */
function declared(route: RouteDeclaration & { responses: { 200: z.ZodType } }): AuthDoc {
  const answer = route.responses[200];
  const names = Object.keys(AUTH_COMPONENTS) as (keyof typeof AUTH_COMPONENTS)[];
  return {
    summary: route.summary,
    otherStatuses: [...(route.otherStatuses ?? [])],
    answer: names.find((name) => AUTH_COMPONENTS[name] === answer) ?? answer,
  };
}

/** One description per endpoint Redline serves (auth/auth-endpoints.ts): the compiler keeps them in step. */
const AUTH_DOCS: Record<AuthEndpointName, AuthDoc> = {
  signUpEmail: declared(contract.signUpEmail),
  signInEmail: declared(contract.signInEmail),
  signInSocial: declared(contract.signInSocial),
  googleCallback: {
    otherStatuses: [],
    summary:
      'Where Google sends the browser back: signs in (or up, as a Buyer) and sends the browser on, to the login page on a failure',
    answer: 'redirect',
  },
  signOut: declared(contract.signOut),
  getSession: declared(contract.getSession),
  requestPasswordReset: declared(contract.requestPasswordReset),
  resetPasswordLink: {
    otherStatuses: [403],
    summary:
      'The e-mailed reset link: sends the browser to callbackURL with the token, or with ?error=INVALID_TOKEN',
    answer: 'redirect',
  },
  resetPassword: declared(contract.resetPassword),
  changePassword: declared(contract.changePassword),
  updateUser: declared(contract.updateUser),
  sendVerificationEmail: declared(contract.sendVerificationEmail),
  verifyEmail: { ...declared(contract.verifyEmail), redirectsWhenAsked: true },
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
