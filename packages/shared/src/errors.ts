import { z } from 'zod';

/** The one error shape every failing API call answers with (design.md section 3). */
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    requestId: z.string().optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const ERROR_CODES = {
  badRequest: 'bad_request',
  validation: 'validation_failed',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  methodNotAllowed: 'method_not_allowed',
  conflict: 'conflict',
  gone: 'gone',
  tooLarge: 'payload_too_large',
  unsupportedMedia: 'unsupported_media_type',
  tooManyRequests: 'too_many_requests',
  unavailable: 'service_unavailable',
  internal: 'internal_error',
} as const;
