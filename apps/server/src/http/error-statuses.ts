import type { OtherStatus } from '@redline/shared/contract';
import type { OpenAPIV3 } from 'openapi-types';

/**
 * The error statuses the OpenAPI document describes, and what each means: one list for Redline's
 * routes (openapi.ts) and Better Auth's (auth.openapi.ts).
 */
export const ERROR_RESPONSES = {
  400: 'The request is not valid (the fields say which are wrong)',
  401: 'Not signed in, or the session has ended',
  402: 'The card payment failed (the code says why)',
  403: 'Not allowed for this account, or a write from another site',
  404: 'Not found (or not yours)',
  409: 'Conflicts with the current state',
  410: 'Was here and has been deleted for good',
  413: 'The body is too large',
  414: 'A path parameter is too long',
  415: 'The body has an unsupported content type',
  429: 'Too many requests; the Retry-After header says when to try again',
  503: 'Busy, or a service the API depends on is unavailable; try again shortly (after Retry-After, when sent)',
} as const satisfies Record<Exclude<OtherStatus, 304>, string>;
type ErrorStatus = keyof typeof ERROR_RESPONSES;

/** The headers an error status comes with, when it has any. */
export const ERROR_HEADERS: Partial<Record<ErrorStatus, Record<string, OpenAPIV3.HeaderObject>>> = {
  503: {
    'Retry-After': {
      description:
        'Seconds to wait before trying again; sent when the instance sheds load or holds as many live-updates streams as it may (for the client or in all)',
      schema: { type: 'integer', format: 'int32', minimum: 1 },
    },
  },
};
