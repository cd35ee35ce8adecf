/**
 * The endpoints of Better Auth that Redline serves (auth/auth-endpoints.ts), described for the
 * OpenAPI document from their declarations: their routes hand the request to Better Auth, so they
 * are not documented as they are registered. Bodies, queries and paths are the routes' own rules;
 * answers are Better Auth's.
 */
import { authSessionSchema, authUserSchema, signedInSchema, signedUpSchema } from '@redline/shared';
import { authRoutes, type Redirect } from '@redline/shared/contract';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';
import type { AuthRoute } from '../auth/auth-endpoints.ts';

/** The named answers, added to the document's components. */
export const AUTH_COMPONENTS = {
  AuthUser: authUserSchema,
  AuthSession: authSessionSchema,
  SignedIn: signedInSchema,
  SignedUp: signedUpSchema,
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

/** The 200 answer's body: a named answer by its name. */
function bodySchema(answer: z.ZodType): OpenAPIV3.ReferenceObject | OpenAPIV3.SchemaObject {
  const names = Object.keys(AUTH_COMPONENTS) as (keyof typeof AUTH_COMPONENTS)[];
  const name = names.find((component) => AUTH_COMPONENTS[component] === answer);
  return name ? { $ref: `#/components/schemas/${name}` } : toJson(answer, 'output');
}

/** The answers a declaration names: its body (200), and where a redirect sends the browser (302). */
function successesOf({ responses }: AuthRoute): OpenAPIV3.ResponsesObject {
  const { 200: body, 302: location } = responses as { 200?: z.ZodType; 302?: Redirect };
  return {
    ...(body && {
      200: { description: 'OK', content: { 'application/json': { schema: bodySchema(body) } } },
    }),
    ...(location && {
      302: {
        description: 'Found: the browser is sent on (Location)',
        headers: { Location: { required: true, description: location, schema: { type: 'string' } } },
      },
    }),
  };
}

/**
 * The endpoints as OpenAPI path items, from their declarations (contract/auth.ts); `describe` gives
 * each its security and error statuses, as openapi.ts works them out for every route.
 */
export function authPaths(
  describe: (route: AuthRoute) => Partial<OpenAPIV3.OperationObject>,
): OpenAPIV3.PathsObject {
  const paths: OpenAPIV3.PathsObject = {};
  for (const route of Object.values(authRoutes) as AuthRoute[]) {
    const parameters = [...parametersOf(route.params, 'path'), ...parametersOf(route.query, 'query')];
    paths[`/api${route.path.replace(/:(\w+)/g, '{$1}')}`] = {
      [route.method.toLowerCase()]: {
        operationId: route.operationId,
        summary: route.summary,
        tags: [...route.tags],
        ...(parameters.length > 0 && { parameters }),
        ...(route.body && {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: toJson(route.body, 'input') } },
          },
        }),
        responses: successesOf(route),
        ...describe(route),
      },
    };
  }
  return paths;
}
