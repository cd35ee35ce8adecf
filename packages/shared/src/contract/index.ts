/**
 * Every route of Redline's API, declared once (ADR 40), by operation id. The server registers each
 * one's handler from its declaration; the web app's client finds a call's types by method and path.
 */

import { advertisementsRoutes } from './advertisements.ts';
import { authRoutes } from './auth.ts';
import { bookingsRoutes } from './bookings.ts';
import { carsRoutes } from './cars.ts';
import { categoriesRoutes } from './categories.ts';
import { contactRoutes } from './contact.ts';
import { conversationsRoutes } from './conversations.ts';
import { notificationsRoutes } from './notifications.ts';
import { paymentsRoutes } from './payments.ts';
import { photosRoutes } from './photos.ts';
import { reportsRoutes } from './reports.ts';
import type { Method } from './route.ts';
import { savedCarsRoutes } from './saved-cars.ts';
import { savedSearchesRoutes } from './saved-searches.ts';
import { systemRoutes } from './system.ts';
import { usersRoutes } from './users.ts';
import { vehiclesRoutes } from './vehicles.ts';

export const contract = {
  ...advertisementsRoutes,
  ...authRoutes,
  ...bookingsRoutes,
  ...carsRoutes,
  ...categoriesRoutes,
  ...contactRoutes,
  ...conversationsRoutes,
  ...notificationsRoutes,
  ...paymentsRoutes,
  ...photosRoutes,
  ...reportsRoutes,
  ...savedCarsRoutes,
  ...savedSearchesRoutes,
  ...systemRoutes,
  ...usersRoutes,
  ...vehiclesRoutes,
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
