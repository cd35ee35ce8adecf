/** A response of Redline as captured by bench:api and replayed by the constant ceiling and the Fastify reference. */
import { readFileSync } from 'node:fs';

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

/** The captured responses of a file (BENCH_RESPONSES), ready to send. */
export function readCaptured(file: string) {
  return (JSON.parse(readFileSync(file, 'utf8')) as CapturedResponse[]).map((r) => {
    const body = Buffer.from(r.body, 'base64');
    const headers: Record<string, string | number> = { ...r.headers, 'content-length': body.length };
    return { ...r, regex: new RegExp(r.pattern), body, headers };
  });
}

/**
 * The response for a request: the conditional one (a 304) when the request revalidates and one was
 * captured, else the plain one.
 */
export function findCaptured<R extends { method: string; conditional: boolean; regex: RegExp }>(
  routes: R[],
  request: { method?: string; url?: string; headers: Record<string, unknown> },
): R | undefined {
  const path = (request.url ?? '/').split('?')[0]!;
  const conditional = request.headers['if-none-match'] !== undefined;
  return (
    routes.find((r) => r.method === request.method && r.conditional === conditional && r.regex.test(path)) ??
    routes.find((r) => r.method === request.method && !r.conditional && r.regex.test(path))
  );
}
