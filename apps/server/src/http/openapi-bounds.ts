/**
 * The sizes the OpenAPI document states where the zod schemas leave them unsaid, so that client
 * generators, fuzzers and security linters see the bounds the server keeps (issue 44, item 12).
 * Requests carry their own bounds in the shared schemas; openapi.test.ts walks the document for
 * any value left unbounded.
 */
import { CAR_ABOUT_MAX } from '@redline/shared';
import type { OpenAPIV3 } from 'openapi-types';

/**
 * The longest string the server writes in an answer: the longest text it stores (a car's about);
 * everything else it writes (ids, dates, names, URLs, messages) is shorter.
 */
export const ANSWER_STRING_MAX = CAR_ABOUT_MAX;

/** Formats whose every value has one length. */
const FORMAT_LENGTHS: Readonly<Record<string, number>> = { uuid: 36, date: 10 };

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

type Schema = OpenAPIV3.SchemaObject & { $ref?: string };

/**
 * Gives every integer a `format` (int32 when its range fits, otherwise int64, which every
 * JavaScript integer fits), every string of a fixed-length format its length, and every string of
 * an answer that has no bound of its own ANSWER_STRING_MAX.
 */
export function boundSchemas(document: OpenAPIV3.Document) {
  const components = (document.components?.schemas ?? {}) as Record<string, Schema>;
  /** The components visited, and whether as (part of) an answer. */
  const visited = new Map<object, boolean>();
  const visit = (value: unknown, inAnswer: boolean): void => {
    if (Array.isArray(value)) {
      for (const entry of value) visit(entry, inAnswer);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const node = value as Schema;
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#/components/schemas/')) {
      const target = components[node.$ref.slice('#/components/schemas/'.length)];
      const before = target && visited.get(target);
      if (target && (before === undefined || (inAnswer && !before))) {
        visited.set(target, inAnswer);
        visit(target, inAnswer);
      }
      return;
    }
    if (node.type === 'integer' && !node.format) node.format = fitsInt32(node) ? 'int32' : 'int64';
    if (node.type === 'string' && node.maxLength === undefined && !node.enum) {
      const length = node.format ? FORMAT_LENGTHS[node.format] : undefined;
      if (length !== undefined) node.maxLength = length;
      else if (inAnswer && node.format !== 'binary') node.maxLength = ANSWER_STRING_MAX;
    }
    for (const [key, child] of Object.entries(node)) {
      if (key !== 'example' && key !== 'enum') visit(child, inAnswer);
    }
  };
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item ?? {}) as OpenAPIV3.OperationObject[]) {
      if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
      visit(operation.parameters, false);
      visit(operation.requestBody, false);
      visit(operation.responses, true);
    }
  }
  visit(document.components?.responses, true);
  // Components no operation's answer reaches are those of requests (the enums' `…Input`).
  for (const schema of Object.values(components)) if (!visited.has(schema)) visit(schema, false);
}

function fitsInt32(schema: OpenAPIV3.SchemaObject) {
  const { minimum, maximum } = schema;
  return minimum !== undefined && maximum !== undefined && minimum >= INT32_MIN && maximum <= INT32_MAX;
}

/** What a limit of the API's own routes (`config.rateLimit`, @fastify/rate-limit) sends with each answer. */
const RATE_LIMIT_HEADERS: Record<string, OpenAPIV3.HeaderObject> = {
  'X-RateLimit-Limit': {
    description: 'How many requests the limit allows in its window',
    schema: { type: 'integer', format: 'int32', minimum: 0 },
  },
  'X-RateLimit-Remaining': {
    description: 'How many of them are left',
    schema: { type: 'integer', format: 'int32', minimum: 0 },
  },
  'X-RateLimit-Reset': {
    description: 'Seconds until the window starts again',
    schema: { type: 'integer', format: 'int32', minimum: 0 },
  },
};

/**
 * The headers of a success of a rate-limited route: always sent, unless the limit lets some callers
 * through uncounted (an `allowList`: a visitor's searches, not a signed-in user's), who get none.
 */
export function rateLimitedSuccessHeaders(everyCaller: boolean): Record<string, OpenAPIV3.HeaderObject> {
  return Object.fromEntries(
    Object.entries(RATE_LIMIT_HEADERS).map(([name, header]) => [
      name,
      everyCaller
        ? { ...header, required: true }
        : { ...header, description: `${header.description} (callers the limit counts)` },
    ]),
  );
}

/**
 * The headers of a 429: Retry-After always; the X-RateLimit ones from the limits of the API's own
 * routes, not from the sign-in service's (auth-limits.ts), which send Retry-After alone.
 */
export const TOO_MANY_REQUESTS_HEADERS: Record<string, OpenAPIV3.HeaderObject> = {
  'Retry-After': {
    required: true,
    description: 'Seconds to wait before trying again',
    schema: { type: 'integer', format: 'int32', minimum: 0 },
  },
  ...Object.fromEntries(
    Object.entries(RATE_LIMIT_HEADERS).map(([name, header]) => [
      name,
      { ...header, description: `${header.description} (limits of the API's own routes)` },
    ]),
  ),
};
