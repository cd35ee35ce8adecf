/**
 * Response serialisation. Each route's zod response schema is turned into JSON Schema once and
 * compiled by fast-json-stringify (Fastify's own serialiser) into a function that writes only the
 * declared fields, so nothing a service adds by mistake reaches a client. Checking every response
 * against the zod schema cost more than the rest of a car page's work in Node, so that check runs
 * outside production only: there a service returning the wrong shape fails its tests. A route's
 * function is compiled on its first answer, not when the route is registered: compiling every
 * route's at start-up was a tenth of a restart's CPU (docs/performance.md, section 6).
 */
import fastJson, { type Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** fast-json-stringify's function writing a response of this zod schema. */
export function compileSerializer(schema: z.ZodType): (data: unknown) => string {
  // zod writes draft-07 JSON Schema; its type is wider than fast-json-stringify's own.
  return fastJson(z.toJSONSchema(schema, { io: 'output', target: 'draft-07' }) as Schema);
}

export function responseSerializer(checkShapes: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    let compiled: ((data: unknown) => string) | undefined;
    const stringify = (data: unknown) => {
      compiled ??= compileSerializer(schema);
      return compiled(data);
    };
    if (!checkShapes) return stringify;
    return (data) => {
      const checked = z.safeEncode(schema, data);
      if (checked.error) throw new ResponseSerializationError(method, url, { cause: checked.error });
      return stringify(data);
    };
  };
}
