/**
 * The only module that talks HTTP to our API. Paths are relative to `/api` (the spec's `{server}`),
 * e.g. `api.get<Category[]>('/categories')`. Failures throw an `ApiError` carrying the server's
 * error shape. Response bodies are typed with the shared types, not parsed again: the server already
 * sends every response through its zod schema, and leaving zod out of this module keeps it out of the
 * first page's JavaScript (only pages with forms load it).
 */
import type { ErrorResponse } from '@redline/shared';
import type { CallOf, Method, PathOf, ResponseOf, RouteAt, StreamPath } from '@redline/shared/contract';

export const API_BASE = '/api';

/**
 * How a request leaves: the browser's fetch. Server rendering (entry-server.tsx) answers the same
 * requests inside the server process instead, with the visitor's cookie, through `sendRequestsWith`.
 */
let transport: typeof fetch = (input, init) => fetch(input, init);

export function sendRequestsWith(send: typeof fetch): void {
  transport = send;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';

  /** HTTP status; 0 when the request never got an answer (offline, DNS, aborted). */
  readonly status: number;
  readonly code: string;
  /** Per-field messages of a 400, keyed by field name. */
  readonly fields?: Record<string, string>;
  readonly requestId?: string;

  constructor(
    status: number,
    code: string,
    message: string,
    fields?: Record<string, string>,
    requestId?: string,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.requestId = requestId;
  }

  /** A mistake of the request (4xx): retrying it cannot help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

type QueryValue = string | number | boolean | null | undefined;
/** A list repeats its parameter (`fuel=Electric&fuel=Hybrid`); `null` and `undefined` leave it out. */
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export type RequestOptions = {
  query?: QueryParams;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

const FALLBACK_MESSAGES: Record<number, string> = {
  400: 'The request was not valid.',
  401: 'Please sign in to continue.',
  403: 'You are not allowed to do that.',
  404: 'Not found.',
  409: 'That conflicts with the current state.',
  413: 'That file is too large.',
  415: 'That file type is not supported.',
  429: 'Too many requests. Please wait a moment and try again.',
};

/** The parameters as a query string, in their order, without the `?`. */
export function queryString(query: QueryParams): string {
  const params = new URLSearchParams();
  for (const [key, values] of Object.entries(query)) {
    for (const value of Array.isArray(values) ? values : [values]) {
      if (value !== undefined && value !== null) params.append(key, String(value));
    }
  }
  return params.toString();
}

export function buildUrl(path: string, query?: QueryParams): string {
  if (!path.startsWith('/')) throw new Error(`API paths start with "/": ${path}`);
  const url = `${API_BASE}${path}`;
  const search = query ? queryString(query) : '';
  return search ? `${url}?${search}` : url;
}

function isErrorResponse(body: unknown): body is ErrorResponse {
  const error = (body as Partial<ErrorResponse> | null | undefined)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

/**
 * The `ApiError` of a failed answer: the server's error shape when the body has it, else a readable
 * message for the status (`messages` overrides the defaults, e.g. for uploads).
 */
export function toApiError(
  status: number,
  bodyText: string,
  messages: Record<number, string> = {},
): ApiError {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    body = undefined;
  }
  if (isErrorResponse(body)) {
    const { code, message, fields, requestId } = body.error;
    return new ApiError(status, code, message, fields, requestId);
  }
  const message =
    messages[status] ??
    FALLBACK_MESSAGES[status] ??
    (status >= 500 ? 'The server had a problem. Please try again.' : 'The request failed.');
  return new ApiError(status, `http_${status}`, message);
}

async function request<T>(method: Method, path: string, body: unknown, options: RequestOptions = {}) {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary itself
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await transport(buildUrl(path, options.query), {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', 'Cannot reach the server. Check your connection and try again.');
  }

  const text = await response.text();
  if (!response.ok) throw toApiError(response.status, text);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A declared route's path with its parameters filled in, each one encoded. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`The path ${path} needs its parameter "${name}"`);
    return encodeURIComponent(String(value));
  });
}

/** A call of the route at `P`: its parameters, query and body as the contract declares them. */
type Call<M extends Method, P extends string> = CallOf<RouteAt<M, P>> & {
  signal?: AbortSignal;
  headers?: Record<string, string>;
};
/** The call may be left out when the route takes nothing it requires. */
type CallArgs<M extends Method, P extends string> =
  Partial<Call<M, P>> extends Call<M, P> ? [call?: Call<M, P>] : [call: Call<M, P>];
type Answer<M extends Method, P extends string> = Promise<ResponseOf<RouteAt<M, P>>>;

function send<M extends Method, P extends string>(method: M, path: P, call?: Call<M, P>): Answer<M, P> {
  const { params, query, body, signal, headers } = (call ?? {}) as {
    params?: Record<string, string | number>;
    query?: QueryParams;
    body?: unknown;
    signal?: AbortSignal;
    headers?: Record<string, string>;
  };
  return request(method, fillPath(path, params), body, { query, signal, headers });
}

/**
 * The API's routes, typed by the shared contract: `api.get('/savedpost/:carId', { params: { carId } })`
 * answers what the route declares, and a path the contract does not have fails the type-check.
 */
export const api = {
  get: <P extends PathOf<'GET'>>(path: P, ...[call]: CallArgs<'GET', P>) => send('GET', path, call),
  post: <P extends PathOf<'POST'>>(path: P, ...[call]: CallArgs<'POST', P>) => send('POST', path, call),
  put: <P extends PathOf<'PUT'>>(path: P, ...[call]: CallArgs<'PUT', P>) => send('PUT', path, call),
  patch: <P extends PathOf<'PATCH'>>(path: P, ...[call]: CallArgs<'PATCH', P>) => send('PATCH', path, call),
  delete: <P extends PathOf<'DELETE'>>(path: P, ...[call]: CallArgs<'DELETE', P>) =>
    send('DELETE', path, call),
};

/** The address of a declared stream of Server-Sent Events, for an EventSource (read, not called). */
export function streamUrl(path: StreamPath): string {
  return buildUrl(path);
}

/** A message fit for a toast, from anything a request may throw. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
