/**
 * The only module that talks HTTP to our API. Paths are relative to `/api` (the spec's `{server}`),
 * e.g. `api.get('/categories')`. Failures throw an `ApiError` carrying the server's error shape.
 */
import { errorResponseSchema } from '@redline/shared';
import type { z } from 'zod';

export const API_BASE = '/api';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when the request never got an answer (offline, DNS, aborted). */
    readonly status: number,
    readonly code: string,
    message: string,
    /** Per-field messages of a 400, keyed by field name. */
    readonly fields?: Record<string, string>,
    readonly requestId?: string,
  ) {
    super(message);
  }

  /** A mistake of the request (4xx): retrying it cannot help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions<T> = {
  /** Validates (and types) the response body; without it the body is trusted as `T`. */
  schema?: z.ZodType<T>;
  query?: QueryParams;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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

export function buildUrl(path: string, query?: QueryParams): string {
  if (!path.startsWith('/')) throw new Error(`API paths start with "/": ${path}`);
  const url = `${API_BASE}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const parsed = errorResponseSchema.safeParse(body);
  if (parsed.success) {
    const { code, message, fields, requestId } = parsed.data.error;
    return new ApiError(response.status, code, message, fields, requestId);
  }
  const message =
    FALLBACK_MESSAGES[response.status] ??
    (response.status >= 500 ? 'The server had a problem. Please try again.' : 'The request failed.');
  return new ApiError(response.status, `http_${response.status}`, message);
}

async function request<T>(method: Method, path: string, body: unknown, options: RequestOptions<T> = {}) {
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
    response = await fetch(buildUrl(path, options.query), {
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

  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;

  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  return options.schema ? options.schema.parse(data) : (data as T);
}

export const api = {
  get: <T>(path: string, options?: RequestOptions<T>) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    request<T>('PATCH', path, body, options),
  delete: <T>(path: string, options?: RequestOptions<T>) => request<T>('DELETE', path, undefined, options),
};

/** A message fit for a toast, from anything a request or the auth client may throw. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
