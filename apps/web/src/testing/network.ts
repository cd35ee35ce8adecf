/**
 * The network of the web tests: an MSW server that answers the API's routes by the shared contract
 * (ADR 40). A test names each route as the web client calls it, `'GET /savedpost/:carId'` (method and
 * path under `/api`), and answers with that route's success body, which the type-check holds to what
 * the route declares, or with `apiError(…)`. Every request that no answer covers fails the test.
 */
import type { ErrorResponse } from '@redline/shared';
import {
  type Contract,
  contract,
  type Method,
  type ResponseOf,
  type RouteAt,
  type RouteDeclaration,
} from '@redline/shared/contract';
import { HttpHandler, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { z } from 'zod';
import { API_BASE } from '../lib/api-client.ts';

type AnyRoute = Contract[keyof Contract];

/** A route as the web client names it: its method and its declared path under `/api`. */
export type RouteKey = { [M in Method]: `${M} ${Extract<AnyRoute, { method: M }>['path']}` }[Method];
type RouteFor<Key extends RouteKey> = Key extends `${infer M extends Method} ${infer P}`
  ? RouteAt<M, P>
  : never;

/** What a call sends in a route's `params` or `body`, as the client's types have it. */
type Input<Route, Part extends 'params' | 'body'> = Route extends {
  [P in Part]: infer Schema extends z.ZodType;
}
  ? z.input<Schema>
  : undefined;

/** What a route's answer gets: path parameters (as the URL carries them, strings), query and JSON body. */
export interface Received<Route extends AnyRoute> {
  params: { [Name in keyof Input<Route, 'params'>]: string };
  query: URLSearchParams;
  body: Input<Route, 'body'>;
  request: Request;
}

/** The route's success body (sent with its declared status, 201 for a route that only creates), or any Response. */
type Reply<Route extends AnyRoute> = ResponseOf<Route> | Response;
type Answer<Route extends AnyRoute> =
  | Reply<Route>
  | ((received: Received<Route>) => Reply<Route> | Promise<Reply<Route>>);

export type Answers = { [Key in RouteKey]?: Answer<RouteFor<Key>> };

/** A request the app sent to an answered route; `path` is under `/api`, as the client names it. */
export interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The JSON body, parsed; `undefined` when the request had none. */
  body: unknown;
}

const declared = Object.values(contract).map((route) => ({
  route: route as AnyRoute,
  key: `${route.method} ${route.path}` as RouteKey,
  segments: route.path.split('/'),
}));

/**
 * A request as the answers see it: its path under `/api` and query, and the declared route it reaches,
 * picked as the server's router does (a fixed segment wins over a parameter: `/cars/search` before
 * `/cars/:id`), with that route's path parameters decoded.
 */
function readRequest(request: Request) {
  const url = new URL(request.url);
  const underApi = url.pathname.startsWith(`${API_BASE}/`);
  const path = url.pathname.slice(API_BASE.length);
  const segments = path.split('/');
  const fixedFirst = (entry: (typeof declared)[number]) =>
    entry.segments.map((segment) => (segment.startsWith(':') ? '1' : '0')).join('');
  const [reached] = declared
    .filter(
      (entry) =>
        underApi &&
        entry.route.method === request.method &&
        entry.segments.length === segments.length &&
        entry.segments.every((segment, i) => segment.startsWith(':') || segment === segments[i]),
    )
    .sort((a, b) => fixedFirst(a).localeCompare(fixedFirst(b)));
  const params = Object.fromEntries(
    (reached?.segments ?? []).flatMap((segment, i) =>
      segment.startsWith(':') ? [[segment.slice(1), decodeURIComponent(segments[i] ?? '')]] : [],
    ),
  );
  return { key: reached?.key, path, query: url.searchParams, params };
}

const server = setupServer();
let sent: SentRequest[] = [];
let unanswered: string[] = [];
let undeclared: string[] = [];

/**
 * What any route may answer besides its own statuses: the server's shared mechanisms (validation,
 * access, sizes, rate limits, an unexpected failure, load shedding, the proxy in front). An answer with another status the route does not
 * declare is a test of something the server never does.
 */
const SHARED_STATUSES = [400, 401, 403, 413, 414, 415, 429, 500, 502, 503];

server.events.on('request:unhandled', ({ request }) => {
  const { pathname, search } = new URL(request.url);
  unanswered.push(`${request.method} ${pathname}${search}`);
});

function handlerOf(key: RouteKey, answer: Answer<AnyRoute>): HttpHandler {
  const [method] = key.split(' ') as [Method];
  const route: RouteDeclaration | undefined = declared.find((entry) => entry.key === key)?.route;
  const responses: object = route?.responses ?? {};
  const successStatus = 200 in responses ? 200 : 201;
  const declaredStatuses = new Set<number>([
    ...Object.keys(responses).map(Number),
    ...(route?.otherStatuses ?? []),
    ...SHARED_STATUSES,
  ]);
  return new HttpHandler(
    method,
    ({ request }) => readRequest(request).key === key,
    async ({ request }) => {
      const { path, query, params } = readRequest(request);
      const isJson = request.headers.get('Content-Type')?.startsWith('application/json') ?? false;
      const body: unknown = isJson ? await request.clone().json() : undefined;
      sent.push({ method, path, query, body });
      const reply =
        typeof answer === 'function'
          ? await answer({ params, query, body, request } as Received<AnyRoute>)
          : answer;
      // A Response given once is sent again to every request: send a copy, never the original.
      if (reply instanceof Response && !declaredStatuses.has(reply.status)) {
        undeclared.push(`${key} answered ${reply.status}`);
      }
      return reply instanceof Response ? reply.clone() : HttpResponse.json(reply, { status: successStatus });
    },
  );
}

/** Answers these routes from now until the end of the test; a later answer of a route wins. */
export function answer(answers: Answers): void {
  server.use(
    ...Object.entries(answers).map(([key, answer]) => handlerOf(key as RouteKey, answer as Answer<AnyRoute>)),
  );
}

/** A failed answer in the API's error shape (what the client turns into an `ApiError`). */
export function apiError(
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
): Response {
  const body: ErrorResponse = { error: { code, message, ...(fields && { fields }) } };
  return HttpResponse.json(body, { status });
}

/** The requests the app sent to answered routes in this test, in order. */
export function requests(): readonly SentRequest[] {
  return sent;
}

/** For vitest.setup.ts: intercept fetch; a request no answer covers is refused and fails its test. */
export function startNetwork(): void {
  server.listen({ onUnhandledFrame: 'error' });
}

/** For vitest.setup.ts, after each test: forget its answers and requests; fail it if any went unanswered. */
export function resetNetwork(): void {
  server.resetHandlers();
  sent = [];
  const missed = unanswered;
  unanswered = [];
  const impossible = undeclared;
  undeclared = [];
  if (missed.length > 0) {
    throw new Error(`Requests that no answer() covers (give the test an answer):\n${missed.join('\n')}`);
  }
  if (impossible.length > 0) {
    throw new Error(
      `Answers with a status their route does not declare (the server never answers so):\n${impossible.join('\n')}`,
    );
  }
}

export function stopNetwork(): void {
  server.close();
}
