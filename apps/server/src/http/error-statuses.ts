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
  413: 'The body is too large',
  414: 'A path parameter is too long',
  415: 'The body has an unsupported content type',
  429: 'Too many requests; the Retry-After header says when to try again',
  503: 'A service the API depends on is unavailable; try again shortly',
} as const;
type ErrorStatus = keyof typeof ERROR_RESPONSES;
export type OtherStatus = ErrorStatus | 304;
