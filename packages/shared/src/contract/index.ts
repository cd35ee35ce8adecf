/**
 * Every route of Redline's API, declared once (ADR 40), by operation id. The server registers each
 * one's handler from its declaration; the web app's client finds a call's types by method and path.
 */

import type { z } from 'zod';
import { advertisementsRoutes } from './advertisements.ts';
import { authRoutes } from './auth.ts';
import { bookingsRoutes } from './bookings.ts';
import { carNamesRoutes } from './car-names.ts';
import { carsRoutes } from './cars.ts';
import { categoriesRoutes } from './categories.ts';
import { contactRoutes } from './contact.ts';
import { conversationsRoutes } from './conversations.ts';
import { dealerTeamRoutes } from './dealer-team.ts';
import { dealersRoutes } from './dealers.ts';
import { inventoryImportRoutes } from './inventory-import.ts';
import { listingStatsRoutes } from './listing-stats.ts';
import { marketValueRoutes } from './market-value.ts';
import { notificationsRoutes } from './notifications.ts';
import { offersRoutes } from './offers.ts';
import { paymentsRoutes } from './payments.ts';
import { photosRoutes } from './photos.ts';
import { placesRoutes } from './places.ts';
import { reportsRoutes } from './reports.ts';
import { reviewsRoutes } from './reviews.ts';
import type { EventStream, Method } from './route.ts';
import { savedCarsRoutes } from './saved-cars.ts';
import { savedSearchesRoutes } from './saved-searches.ts';
import { systemRoutes } from './system.ts';
import { usersRoutes } from './users.ts';
import { vehiclesRoutes } from './vehicles.ts';

export const contract = {
  ...advertisementsRoutes,
  ...authRoutes,
  ...bookingsRoutes,
  ...carNamesRoutes,
  ...carsRoutes,
  ...categoriesRoutes,
  ...contactRoutes,
  ...conversationsRoutes,
  ...dealerTeamRoutes,
  ...dealersRoutes,
  ...inventoryImportRoutes,
  ...listingStatsRoutes,
  ...marketValueRoutes,
  ...notificationsRoutes,
  ...offersRoutes,
  ...paymentsRoutes,
  ...photosRoutes,
  ...placesRoutes,
  ...reportsRoutes,
  ...reviewsRoutes,
  ...savedCarsRoutes,
  ...savedSearchesRoutes,
  ...systemRoutes,
  ...usersRoutes,
  ...vehiclesRoutes,
};

export type Contract = typeof contract;
/** The routes the web app calls: those that answer a body, not the links that only redirect a browser. */
type CalledRoute = Extract<Contract[keyof Contract], { responses: { 200: z.ZodType } | { 201: z.ZodType } }>;

/** The paths of the routes a method has that the web app calls. */
export type PathOf<M extends Method> = Extract<CalledRoute, { method: M }>['path'];

/** The route a method and path name. */
export type RouteAt<M extends Method, P extends string> = Extract<CalledRoute, { method: M; path: P }>;

/** The paths of the streams of Server-Sent Events, which a browser reads with an EventSource. */
export type StreamPath = Extract<Contract[keyof Contract], { responses: { 200: EventStream } }>['path'];

export type {
  Access,
  CallOf,
  EventStream,
  Method,
  OtherStatus,
  ParsedOf,
  Redirect,
  ReplyOf,
  ResponseOf,
  RouteDeclaration,
  RouteFile,
} from './route.ts';
/** Better Auth's endpoints that Redline serves (the server's allow-list is built from them). */
export { authRoutes };
