/** A response of Redline as captured by bench:api and replayed by the constant ceiling. */
export interface CapturedResponse {
  method: string;
  /** Matches the request path. */
  pattern: string;
  /** Answered only to requests that carry If-None-Match (the 304 of a revalidation). */
  conditional: boolean;
  status: number;
  headers: Record<string, string>;
  /** base64 */
  body: string;
}

/** Headers that belong to one response and are written fresh by node:http (or not at all). */
export const VOLATILE_HEADERS = [
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'x-request-id',
  'set-cookie',
];
