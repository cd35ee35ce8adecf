/**
 * Registers a route's handler from its declaration in the shared contract (ADR 40): the method, the
 * path, the access, the schemas and what the OpenAPI document says of it all come from there, so
 * the server, the document and the web app's client cannot disagree. What only the server knows
 * (a rate limit, whether the route is shed under load) comes as `config`.
 */
import type { EventStream, ParsedOf, ReplyOf, RouteDeclaration } from '@redline/shared/contract';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteHandlerMethod,
} from 'fastify';

export type Handler<Route extends RouteDeclaration> = (
  request: FastifyRequest<ParsedOf<Route>>,
  reply: FastifyReply,
) => ReplyOf<Route> | FastifyReply | Promise<ReplyOf<Route> | FastifyReply>;

/** The route's settings that only the server has: its rate limit, load shedding. */
export type ServerConfig = Omit<FastifyContextConfig, 'access'>;

// biome-ignore lint/suspicious/noExplicitAny: any type provider's instance registers routes alike
type AnyFastify = FastifyInstance<any, any, any, any, any>;

/** A redirect is Better Auth's alone: its routes forward to it (auth/auth.routes.ts) rather than serve. */
type ServedRoute = RouteDeclaration & { responses: { 302?: never } };

export function serve<Route extends ServedRoute>(
  app: AnyFastify,
  route: Route,
  handler: Handler<Route>,
  config: ServerConfig = {},
): void {
  const { method, path, access, params, query, body, responses, ...documented } = route;
  // Only the parts the route has: Fastify warns of a schema key that is there but undefined.
  const inputs = Object.entries({ params, querystring: query, body }).filter(([, schema]) => schema);
  // An event stream is sent as it is, through no schema; the document reads its declaration.
  const answer = (responses as { 200?: object })[200];
  const eventStream = answer && 'events' in answer ? (answer as EventStream) : undefined;
  const schema: FastifySchema = {
    ...documented,
    ...Object.fromEntries(inputs),
    ...(eventStream ? { eventStream } : { response: responses }),
  };
  app.route({
    method,
    url: path,
    config: { ...config, access },
    schema,
    handler: handler as RouteHandlerMethod,
  });
}
