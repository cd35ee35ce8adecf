/**
 * Every route of Redline's API, declared once (ADR 40), by operation id. The server registers each
 * one's handler from its declaration; the web app's client finds a call's types by method and path.
 */
import type { Method } from './route.ts';
import { savedCarRoutes } from './saved-cars.ts';

export const contract = {
  ...savedCarRoutes,
};

export type Contract = typeof contract;
type AnyRoute = Contract[keyof Contract];

/** The paths of the routes a method has. */
export type PathOf<M extends Method> = Extract<AnyRoute, { method: M }>['path'];

/** The route a method and path name. */
export type RouteAt<M extends Method, P extends string> = Extract<AnyRoute, { method: M; path: P }>;

export type {
  Access,
  CallOf,
  Method,
  OtherStatus,
  ParsedOf,
  ReplyOf,
  ResponseOf,
  RouteDeclaration,
} from './route.ts';
export { defineRoute } from './route.ts';
