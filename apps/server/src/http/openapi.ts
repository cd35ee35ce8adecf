/**
 * The OpenAPI document, derived from the routes themselves: their zod schemas (the shared schemas
 * named below become components), their access (security, 401, 403), their inputs (400, 413,
 * 415, 414) and the statuses a route declares beyond those in `schema.otherStatuses`. Better
 * Auth's endpoints, whose routes hand requests to Better Auth, are described in auth.openapi.ts; the
 * sizes of values and the rate-limit headers in openapi-bounds.ts.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  advertisedCarPageSchema,
  advertisedCarSchema,
  advertisementSchema,
  bookingSchema,
  carDetailSchema,
  carPageSchema,
  carSchema,
  carSearchResultSchema,
  carSuggestionsSchema,
  categorySchema,
  contactMessageSchema,
  deletedCountSchema,
  errorResponseSchema,
  fuelSchema,
  meSchema,
  pageOf,
  paymentSchema,
  photoSchema,
  publicConfigSchema,
  reportedCarSchema,
  reportReasonSchema,
  reportSchema,
  savedCarSchema,
  savedStateSchema,
  sellerCarPageSchema,
  sellerCarSchema,
  sellerProfileSchema,
  userSchema,
} from '@redline/shared';
import type { Access, EventStream, OtherStatus, RouteFile } from '@redline/shared/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';
import { SESSION_COOKIE_PREFIX } from '../auth/auth.ts';
import { SAFE_METHODS } from './access.ts';
import { AUTH_COMPONENTS, authPaths } from './auth.openapi.ts';
import { ERROR_HEADERS, ERROR_RESPONSES } from './error-statuses.ts';
import { boundSchemas, rateLimitedSuccessHeaders, TOO_MANY_REQUESTS_HEADERS } from './openapi-bounds.ts';

declare module 'fastify' {
  interface FastifySchema {
    /** Statuses this route answers beyond those its access and inputs imply (304, 402, 404, 409…). */
    otherStatuses?: readonly OtherStatus[];
    /** The files of a multipart/form-data body (read by the handler, so not a `body` schema). */
    files?: Readonly<Record<string, RouteFile>>;
    /** The route answers 200 with a stream of Server-Sent Events, declared instead of a response schema. */
    eventStream?: EventStream;
  }
}

/** The shared schemas a client generator should see by name, as `#/components/schemas/<name>`. */
const COMPONENTS: Record<string, z.ZodType> = {
  Error: errorResponseSchema,
  User: userSchema,
  Me: meSchema,
  UserPage: pageOf(userSchema),
  PublicConfig: publicConfigSchema,
  Fuel: fuelSchema,
  Photo: photoSchema,
  Category: categorySchema,
  Car: carSchema,
  CarPage: carPageSchema,
  CarDetail: carDetailSchema,
  SellerCar: sellerCarSchema,
  SellerCarPage: sellerCarPageSchema,
  CarSearchResult: carSearchResultSchema,
  CarSuggestions: carSuggestionsSchema,
  AdvertisedCar: advertisedCarSchema,
  AdvertisedCarPage: advertisedCarPageSchema,
  Advertisement: advertisementSchema,
  Booking: bookingSchema,
  BookingPage: pageOf(bookingSchema),
  SavedPost: savedCarSchema,
  SavedPostPage: pageOf(savedCarSchema),
  SavedState: savedStateSchema,
  SellerProfile: sellerProfileSchema,
  ReportReason: reportReasonSchema,
  Report: reportSchema,
  ReportedPost: reportedCarSchema,
  ReportedPostPage: pageOf(reportedCarSchema),
  Payment: paymentSchema,
  PaymentPage: pageOf(paymentSchema),
  ContactMessage: contactMessageSchema,
  ContactMessagePage: pageOf(contactMessageSchema),
  DeletedCount: deletedCountSchema,
  ...AUTH_COMPONENTS,
};

// zod's global registry also holds the `.meta()` of the shared schemas (formats, descriptions).
for (const [id, schema] of Object.entries(COMPONENTS)) z.globalRegistry.add(schema, { ...schema.meta(), id });

const SECURITY_SCHEME = 'sessionCookie';
/** A dealer's system calling with the dealer's API key (access `dealerKey`, ADR 66). */
const DEALER_KEY_SCHEME = 'dealerKey';

/** What a route's access asks of the caller: nothing, the dealer's key, or a session. */
const securityOf = (access: Access | undefined) =>
  access === 'public' ? [] : [{ [access === 'dealerKey' ? DEALER_KEY_SCHEME : SECURITY_SCHEME]: [] }];

const SUCCESS_DESCRIPTIONS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  304: 'Not modified: the ETag sent in If-None-Match still matches',
};

/** The statuses a route can answer besides its successes, from the mechanisms that produce them. */
function statusesOf(
  route: Pick<RouteOptions, 'method' | 'schema' | 'config'> & {
    config?: { access?: Access; rateLimit?: unknown };
  },
): OtherStatus[] {
  const schema = route.schema ?? {};
  const access = route.config?.access;
  const writes = [route.method].flat().some((method) => !SAFE_METHODS.has(method));
  const statuses = new Set<OtherStatus>(schema.otherStatuses ?? []);
  if (access !== 'public') statuses.add(401);
  // Roles are checked by the access hook; any write from another site's page is refused.
  if (Array.isArray(access) || writes) statuses.add(403);
  if (schema.body || schema.querystring || schema.params || writes) statuses.add(400);
  if (schema.params) statuses.add(414);
  if (writes) {
    statuses.add(413);
    statuses.add(415);
  }
  if (route.config?.rateLimit) statuses.add(429);
  return [...statuses].sort();
}

const zodTransform = createJsonSchemaTransform({});
const zodTransformObject = createJsonSchemaTransformObject({});

type TransformInput = Parameters<typeof zodTransform>[0];

/**
 * The document describes the API, the routes under `/api/`: the web app's own files beside it
 * (robots.txt, sitemap.xml: web/crawlers.ts) are not operations of it.
 */
function transform(input: TransformInput) {
  const { otherStatuses: _, files, eventStream, ...schema } = (input.schema ?? {}) as Record<string, unknown>;
  const route = input.route as RouteOptions & {
    config?: { access?: Access; rateLimit?: { allowList?: unknown } };
  };
  if (!route.url.startsWith('/api/')) return { schema: { hide: true }, url: input.url };
  const result = zodTransform({ ...input, schema });
  const transformed = result.schema as Record<string, unknown>;
  if (transformed.hide) return result;
  if (!transformed.operationId) throw new Error(`Route ${route.method} ${route.url} has no operationId`);
  transformed.security = securityOf(route.config?.access);
  transformed['x-statuses'] = statusesOf(route);
  if (files) transformed['x-files'] = files;
  if (eventStream) transformed['x-event-stream'] = eventStream;
  // Counted for every caller, or only for those its allow list does not let through.
  if (route.config?.rateLimit)
    transformed['x-rate-limited'] = route.config.rateLimit.allowList ? 'some callers' : 'every caller';
  return result;
}

type Operation = OpenAPIV3.OperationObject & {
  'x-statuses'?: OtherStatus[];
  'x-files'?: Record<string, RouteFile>;
  'x-event-stream'?: EventStream;
  'x-rate-limited'?: 'every caller' | 'some callers';
};

function multipartBody(files: Record<string, RouteFile>): OpenAPIV3.RequestBodyObject {
  const fields = Object.entries(files).map(([name, file]) =>
    typeof file === 'string' ? { name, description: file, optional: false } : { name, ...file },
  );
  const properties = Object.fromEntries(
    fields.map(({ name, description }) => [name, { type: 'string', format: 'binary', description }]),
  ) as Record<string, OpenAPIV3.SchemaObject>;
  const required = fields.filter((field) => !field.optional).map((field) => field.name);
  return {
    required: true,
    content: { 'multipart/form-data': { schema: { type: 'object', required, properties } } },
  };
}

function transformObject(input: Parameters<typeof zodTransformObject>[0]) {
  const document = zodTransformObject(input) as OpenAPIV3.Document;
  document.paths = {
    ...document.paths,
    ...authPaths((route) => ({
      security: securityOf(route.access),
      'x-statuses': statusesOf({
        method: route.method,
        schema: {
          body: route.body,
          params: route.params,
          querystring: route.query,
          otherStatuses: route.otherStatuses,
        },
        config: { access: route.access },
      }),
    })),
  };
  const operationIds = new Set<string>();
  for (const item of Object.values(document.paths)) {
    for (const [method, operation] of Object.entries(item ?? {}) as [string, Operation][]) {
      if (method === 'head') {
        delete (item as Record<string, unknown>)[method];
        continue;
      }
      if (operationIds.has(operation.operationId!))
        throw new Error(`Duplicate operationId ${operation.operationId}`);
      operationIds.add(operation.operationId!);
      for (const [status, response] of Object.entries(operation.responses)) {
        if ('$ref' in response) continue;
        const description = SUCCESS_DESCRIPTIONS[status];
        if (description && response.description === 'Default Response') response.description = description;
        if (operation['x-rate-limited'] && status.startsWith('2'))
          response.headers = rateLimitedSuccessHeaders(operation['x-rate-limited'] === 'every caller');
      }
      for (const status of operation['x-statuses'] ?? []) {
        operation.responses[status] =
          status === 304
            ? { description: SUCCESS_DESCRIPTIONS[304]! }
            : { $ref: `#/components/responses/${status}` };
      }
      operation.responses.default = { $ref: '#/components/responses/default' };
      if (operation['x-files']) operation.requestBody = multipartBody(operation['x-files']);
      if (operation['x-event-stream'])
        operation.responses[200] = {
          description: operation['x-event-stream'].description,
          content: { 'text/event-stream': { schema: { type: 'string' } } },
        };
      delete operation['x-statuses'];
      delete operation['x-files'];
      delete operation['x-event-stream'];
      delete operation['x-rate-limited'];
    }
  }
  const errorSchema = { $ref: '#/components/schemas/Error' };
  const errorResponse = (
    description: string,
    headers?: Record<string, OpenAPIV3.HeaderObject>,
  ): OpenAPIV3.ResponseObject => ({
    description,
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: errorSchema } },
  });
  tidySchemas(document);
  document.components = {
    ...document.components,
    schemas: referencedSchemas(document),
    responses: {
      ...Object.fromEntries(
        Object.entries(ERROR_RESPONSES).map(([status, description]) => [
          status,
          errorResponse(
            description,
            status === '429'
              ? TOO_MANY_REQUESTS_HEADERS
              : ERROR_HEADERS[Number(status) as keyof typeof ERROR_RESPONSES],
          ),
        ]),
      ),
      default: errorResponse('An unexpected failure on the server (500)'),
    },
  };
  boundSchemas(document);
  return document;
}

/**
 * zod wraps a reference that has siblings in a one-entry `allOf`: with no sibling left it becomes
 * the plain reference; a `nullable` one gets the referenced schema's `type`, which OpenAPI 3.0
 * requires beside `nullable`.
 */
function tidySchemas(document: OpenAPIV3.Document) {
  const components = (document.components?.schemas ?? {}) as Record<string, OpenAPIV3.SchemaObject>;
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (!value || typeof value !== 'object') return value;
    const node = Object.fromEntries(Object.entries(value).map(([key, child]) => [key, visit(child)]));
    const only = Array.isArray(node.allOf) && node.allOf.length === 1 ? node.allOf[0] : undefined;
    if (!only?.$ref) return node;
    const { allOf: _, ...siblings } = node;
    if (Object.keys(siblings).length === 0) return only;
    if (siblings.nullable && !siblings.type) {
      node.type = components[String(only.$ref).replace('#/components/schemas/', '')]?.type;
    }
    return node;
  };
  document.paths = visit(document.paths) as OpenAPIV3.PathsObject;
  if (document.components) document.components.schemas = visit(components) as typeof components;
}

/**
 * zod's registries give every named schema twice (as input and output); only those the
 * operations reach are kept.
 */
function referencedSchemas(document: OpenAPIV3.Document): Record<string, OpenAPIV3.SchemaObject> {
  const all = (document.components?.schemas ?? {}) as Record<string, OpenAPIV3.SchemaObject>;
  const kept: Record<string, OpenAPIV3.SchemaObject> = { Error: all.Error! };
  const visit = (value: unknown) => {
    if (Array.isArray(value)) for (const entry of value) visit(entry);
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/')) {
          const name = child.slice('#/components/schemas/'.length);
          if (!kept[name] && all[name]) {
            kept[name] = all[name];
            visit(all[name]);
          }
        } else visit(child);
      }
    }
  };
  visit(document.paths);
  visit(kept.Error);
  return Object.fromEntries(Object.entries(kept).sort(([a], [b]) => a.localeCompare(b)));
}

/** Registers the document (always: `app.swagger()`), and serves it at /api/docs when `serve` is set. */
export async function registerOpenApi(app: FastifyInstance, serve: boolean) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Redline API',
        version: '1.0.0',
        description:
          'The marketplace API. Every failure answers the one Error shape. Sign in with `signInEmail`: the session travels in an httpOnly cookie.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          [SECURITY_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: `${SESSION_COOKIE_PREFIX}.session_token`,
            description: 'The session cookie set by the sign-in and sign-up calls.',
          },
          [DEALER_KEY_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: "A dealer's API key (`POST /api/dealer/api-key`), for their system's feed.",
          },
        },
      },
    },
    transform,
    transformObject,
  });
  if (serve) await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
