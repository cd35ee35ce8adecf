/**
 * One route of the API, declared once (ADR 40): its method and path, who may call it, what it takes
 * and what it answers. The server registers its handler from the declaration (`apps/server/src/http/
 * serve.ts`), the OpenAPI document is generated from what the server registered, and the web app's
 * client (`apps/web/src/lib/api-client.ts`) types each call by the same declaration, so a changed
 * field fails the type-check of both. The web app imports the declarations as types only: zod stays
 * out of the first page's JavaScript.
 */
import type { z } from 'zod';
import type { Role } from '../constants.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * `public`: anyone, no session needed; `signedIn`: any signed-in user; `browse`: the cars for sale,
 * anyone's when the server's BROWSING setting is `public` (its default), else any signed-in user's
 * (the server enforces and documents what its setting makes of it); `dealerKey`: a dealer's system,
 * by the dealer's API key in `Authorization: Bearer` (no session; ADR 66); or the roles allowed.
 */
export type Access = 'public' | 'signedIn' | 'browse' | 'dealerKey' | readonly Role[];

/** The statuses a route answers beyond those its access and inputs imply. */
export type OtherStatus = 304 | 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 414 | 415 | 429 | 503;

/**
 * A 302 answer: no body, the browser is sent to the `Location` header, which this says (a link a
 * browser is sent to, e.g. an e-mailed one or an OAuth callback, not a call the web app makes).
 */
export type Redirect = string;

/**
 * A 200 answer that is a stream of Server-Sent Events (`text/event-stream`), not JSON: the names
 * its events carry (`event: <name>`), and what they say and when they come.
 */
export interface EventStream {
  readonly events: readonly string[];
  readonly description: string;
}

export interface RouteDeclaration {
  readonly method: Method;
  /** Under `/api`; `:name` marks a path parameter, named in `params`. */
  readonly path: `/${string}`;
  readonly access: Access;
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /**
   * The success answers by status: 200, 201 for what a call creates (a call may answer either), 302
   * for a redirect (beside 200 when the call asks for one; alone for a link that only redirects), or
   * 200 as a stream of events.
   */
  readonly responses: Readonly<
    | { 200: z.ZodType; 201?: z.ZodType; 302?: Redirect }
    | { 201: z.ZodType }
    | { 302: Redirect }
    | { 200: EventStream }
  >;
  readonly otherStatuses?: readonly OtherStatus[];
  /** The body's media types when it is not JSON: `multipart/form-data` for an upload. */
  readonly consumes?: readonly string[];
  /** The success answer's media types when it is not JSON (`text/csv` for a file to download). */
  readonly produces?: readonly string[];
  /**
   * A multipart body's files by field name, with what each holds (the handler reads them: no `body`):
   * a file a call may leave out is `{ description, optional: true }`.
   */
  readonly files?: Readonly<Record<string, RouteFile>>;
}

export type RouteFile = string | { readonly description: string; readonly optional: true };

/** Declares a route, keeping its literal method and path for the client's types. */
export function defineRoute<const Declared extends RouteDeclaration>(route: Declared): Declared {
  return route;
}

type InputOf<Schema> = Schema extends z.ZodType ? z.input<Schema> : never;
type OutputOf<Schema> = Schema extends z.ZodType ? z.output<Schema> : never;

/** The value a route answers on success, as the client receives it. */
export type ResponseOf<Route extends RouteDeclaration> = OutputOf<
  Route['responses'][keyof Route['responses']]
>;

/**
 * What a call of the route sends: its path parameters, query and body, each only when it has them; a
 * route that reads files takes them as a multipart `FormData`.
 */
export type CallOf<Route extends RouteDeclaration> = (Route['params'] extends z.ZodType
  ? { params: InputOf<Route['params']> }
  : { params?: never }) &
  (Route['query'] extends z.ZodType
    ? Partial<InputOf<Route['query']>> extends InputOf<Route['query']>
      ? { query?: InputOf<Route['query']> }
      : { query: InputOf<Route['query']> }
    : { query?: never }) &
  (Route['body'] extends z.ZodType
    ? { body: InputOf<Route['body']> }
    : Route['files'] extends Readonly<Record<string, RouteFile>>
      ? { body: FormData }
      : { body?: never });

/** What the server's handler gets, parsed: path parameters, query and body. */
export interface ParsedOf<Route extends RouteDeclaration> {
  Params: Route['params'] extends z.ZodType ? z.output<Route['params']> : unknown;
  Querystring: Route['query'] extends z.ZodType ? z.output<Route['query']> : unknown;
  Body: Route['body'] extends z.ZodType ? z.output<Route['body']> : unknown;
}

/** What the server's handler answers: the success schema's input (the serializer writes its output). */
export type ReplyOf<Route extends RouteDeclaration> = InputOf<Route['responses'][keyof Route['responses']]>;
