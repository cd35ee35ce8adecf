/**
 * Response serialisation. Each route's zod response schema is turned into JSON Schema once and
 * compiled by fast-json-stringify (Fastify's own serialiser) into a function that writes only the
 * declared fields, so nothing a service adds by mistake reaches a client. Checking every response
 * against the zod schema cost more than the rest of a car page's work in Node, so that check runs
 * outside production only: there a service returning the wrong shape fails its tests.
 */
import fastJson, { type Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

export function responseSerializer(checkShapes: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    // zod writes draft-07 JSON Schema; its type is wider than fast-json-stringify's own.
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-07' }) as Schema;
    const stringify = fastJson(jsonSchema);
    if (!checkShapes) return stringify;
    return (data) => {
      const checked = z.safeEncode(schema, data);
      if (checked.error) throw new ResponseSerializationError(method, url, { cause: checked.error });
      return stringify(data);
    };
  };
}
