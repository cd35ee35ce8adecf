/**
 * Builds the Redline Fastify app: the security headers, external plugins (rate limit, OpenAPI),
 * then the access control, then the API modules, then (in production) the built web app.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@redline/shared';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAuthRoutes } from './auth/auth.routes.ts';
import { createAuth } from './auth/auth.ts';
import { openSessionIds } from './auth/open-sessions.ts';
import { SessionCache } from './auth/session-cache.ts';
import { CatalogueCache } from './catalogue/catalogue-cache.ts';
import type { Config } from './config/config.ts';
import { AllowedOrigins } from './config/origins.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import { registerAccessControl, sessionUser } from './http/access.ts';
import { refuseNonCanonicalPaths } from './http/canonical-path.ts';
import { handleFrameworkError, registerErrorHandling, sendError } from './http/error-handler.ts';
import { Readiness, registerLoadShedding } from './http/health.ts';
import { LiveUpdates } from './http/live-updates.ts';
import {
  type LogDestination,
  libraryLog,
  loggerOptions,
  OneLineRequestLog,
  requestLogger,
} from './http/logger.ts';
import { trackRouteMethods } from './http/method-not-allowed.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerPersonalAnswers } from './http/personal-answers.ts';
import { requestIdOf } from './http/request-id.ts';
import { registerResponseHeaders, securityHeaders } from './http/security-headers.ts';
import { responseSerializer } from './http/serializer.ts';
import { type JobQueueOptions, startJobQueue } from './jobs/job-queue.ts';
import { createMailer } from './mail/mailer.ts';
import { Metrics } from './metrics/metrics.ts';
import { advertisementOf, advertisementsModule } from './modules/advertisements/index.ts';
import { bookingsModule, paymentBookings } from './modules/bookings/index.ts';
import { carsModule, carsOfSitemapPage, listedByACar, sitemapPagesOfCars } from './modules/cars/index.ts';
import { categoriesModule, listCategories } from './modules/categories/index.ts';
import { contactModule } from './modules/contact/index.ts';
import { conversationsModule } from './modules/conversations/index.ts';
import { dealerLogo, dealersModule } from './modules/dealers/index.ts';
import { dealerByKey, inventoryImportModule } from './modules/inventory-import/index.ts';
import { listingStatsModule } from './modules/listing-stats/index.ts';
import { marketValueColumn, marketValueModule } from './modules/market-value/index.ts';
import { notificationsModule } from './modules/notifications/index.ts';
import { offersModule, paymentOffers } from './modules/offers/index.ts';
import { paymentsModule } from './modules/payments/index.ts';
import { photosModule } from './modules/photos/index.ts';
import { placesModule } from './modules/places/index.ts';
import { reportsModule } from './modules/reports/index.ts';
import { reviewsModule } from './modules/reviews/index.ts';
import { savedCarsModule } from './modules/saved-cars/index.ts';
import { savedSearchesModule } from './modules/saved-searches/index.ts';
import { Search } from './modules/search/index.ts';
import { systemModule } from './modules/system/index.ts';
import { usersModule } from './modules/users/index.ts';
import { readCatalogueNames, vehiclesModule } from './modules/vehicles/index.ts';
import { createPaymentProvider } from './payment-providers/create-payment-provider.ts';
import { RateLimits, rateLimitStore, rateLimitSweepJob } from './rate-limits/rate-limits.ts';
import type { ServerModule } from './server-module.ts';
import { createPhotoStore } from './storage/create-photo-store.ts';
import { IMMUTABLE_CACHE_CONTROL, LocalPhotoStore, type PhotoStore } from './storage/photo-store.ts';
import { registerCrawlerFiles, type Sitemap } from './web/crawlers.ts';
import { createPageRenderer, type KeptPages, VISITORS_BROWSING_PAGES } from './web/server-rendering.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Every feature module, in the order their routes are registered (and so listed in the OpenAPI document). */
const MODULES: readonly ServerModule[] = [
  systemModule,
  usersModule,
  dealersModule,
  categoriesModule,
  vehiclesModule,
  placesModule,
  carsModule(advertisementOf, marketValueColumn),
  advertisementsModule,
  photosModule([listedByACar, dealerLogo]),
  inventoryImportModule,
  bookingsModule,
  savedCarsModule,
  savedSearchesModule,
  reportsModule,
  reviewsModule,
  paymentsModule(paymentBookings, paymentOffers),
  notificationsModule,
  contactModule,
  conversationsModule,
  marketValueModule,
  offersModule,
  listingStatsModule,
];

export interface AppOptions extends JobQueueOptions {
  /** Where the log lines go instead of standard output (tests read them). */
  logTo?: LogDestination;
}

/** `options.clock`: the job queue's source of time (tests pass a test clock). */
export async function buildApp(
  config: Config,
  database: Database,
  options: AppOptions = {},
): Promise<{ app: FastifyInstance; context: AppContext }> {
  const app = Fastify({
    logger: await loggerOptions(config, options.logTo),
    logController: new OneLineRequestLog(),
    childLoggerFactory: requestLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: false,
    genReqId: requestIdOf,
    trustProxy: config.TRUST_PROXY,
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 10_000,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: handleFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(config.NODE_ENV !== 'production'));
  registerResponseHeaders(app, securityHeaders(config));
  refuseNonCanonicalPaths(app);
  const methodsOf = trackRouteMethods(app);
  registerPersonalAnswers(app);

  const metrics = new Metrics();
  metrics.countRequests(app);
  const readiness = new Readiness();
  await registerLoadShedding(app, config);
  const mailer = metrics.countEmails(
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
    }),
  );
  const origins = new AllowedOrigins(config);
  app.addHook('onListen', function () {
    origins.listeningOn(this.addresses().filter((a) => typeof a !== 'string'));
  });
  database.events.onSubscriberError = (error, name) =>
    app.log.error({ err: error, event: name }, 'event subscriber failed');
  const rateLimits = new RateLimits(database.db);
  const auth = createAuth(
    config,
    database.db,
    mailer,
    libraryLog(app.log, 'better-auth'),
    origins,
    rateLimits,
  );
  const sessions = new SessionCache();
  const catalogue = new CatalogueCache();
  const search = new Search(database.db, {
    categories: () => listCategories(database.db),
    vehicles: () => readCatalogueNames(database.db),
    onBackgroundError: (error, work) => app.log.warn({ err: error }, `the search could not ${work}`),
  });
  // The words searched since the last save, for the instances that start later.
  app.addHook('onClose', () =>
    search
      .saveAskedWords()
      .catch((error: unknown) =>
        app.log.warn({ err: error }, 'the search could not save the words searched'),
      ),
  );
  const jobs = await startJobQueue(config, database, app.log, options, metrics);
  app.addHook('onClose', () => jobs.stop());
  if (config.METRICS_PORT !== undefined) {
    const address = await metrics.serve(config.METRICS_HOST, config.METRICS_PORT, {
      connections: database.connections,
      queues: () => jobs.boss.getQueues(),
    });
    app.log.info({ address: address.address, port: address.port }, 'metrics served at /metrics');
    app.addHook('onClose', () => metrics.close());
  }
  const pages: KeptPages = {
    public: new CatalogueCache(),
    browsing: new CatalogueCache(VISITORS_BROWSING_PAGES),
    shared: new CatalogueCache(),
  };
  const sitemapFiles = new CatalogueCache();
  const live = new LiveUpdates({
    perClient: config.LIVE_STREAMS_PER_CLIENT,
    max: config.LIVE_STREAMS_MAX,
    sessionCheckMs: config.LIVE_SESSION_CHECK_SECONDS * 1000,
    openSessionIds: (ids) => openSessionIds(database.db, ids),
    onCheckFailed: (error) =>
      app.log.warn({ err: error }, "live updates: the streams' sessions were not checked"),
  });
  // Before the server waits for its connections to end: an open stream would never end.
  app.addHook('preClose', (done) => {
    live.closeAll();
    done();
  });
  const subscriptions = [
    ...sessions.follow(database.events),
    ...catalogue.follow(database.events),
    ...search.follow(database.events),
    ...pages.public.follow(database.events),
    ...pages.browsing.follow(database.events),
    ...pages.shared.follow(database.events),
    ...sitemapFiles.follow(database.events),
    ...live.follow(database.events),
  ];
  app.addHook('onClose', async () => {
    for (const unsubscribe of subscriptions) unsubscribe();
  });
  // Loaded before the first search asks (a few seconds at a million cars; the readiness check waits
  // for it); a failure is tried again by the next search or readiness check.
  app.addHook('onListen', () => {
    search.load().catch((error: unknown) => app.log.warn({ err: error }, 'the car columns did not load'));
  });
  const payments = await createPaymentProvider(config, database.db);
  const photos = await createPhotoStore(config);
  const context: AppContext = {
    config,
    database,
    auth,
    sessions,
    catalogue,
    search,
    pages,
    live,
    mailer,
    payments,
    photos,
    origins,
    rateLimits,
    jobs,
    readiness,
    metrics,
  };

  await app.register(rateLimit, { global: false, store: rateLimitStore(rateLimits) });
  await registerOpenApi(app, config.apiDocs);

  registerErrorHandling(app);
  registerAccessControl(app, context, (key) => dealerByKey(database.db, key));
  registerAuthRoutes(app, auth, config.publicUrl);

  for (const { referenceData, routes, jobs: moduleJobs, reactions, started } of MODULES) {
    await referenceData?.(context);
    await app.register(routes(context), { prefix: '/api' });
    for (const job of moduleJobs?.(context) ?? []) await jobs.define(job);
    subscriptions.push(...(reactions?.(context) ?? []));
    await started?.(context);
  }
  await jobs.define(rateLimitSweepJob(context));
  await registerUploads(app, photos);

  const signedIn = async (request: FastifyRequest) => (await sessionUser(context, request)) !== null;
  const sitemap = {
    kept: sitemapFiles,
    pageSize: config.SITEMAP_PAGE_SIZE,
    // Cars behind a sign-in are not for crawlers.
    cars:
      config.BROWSING === 'public'
        ? {
            pages: (size: number) => sitemapPagesOfCars(database.db, size),
            page: (page: number, size: number) => carsOfSitemapPage(database.db, page, size),
          }
        : undefined,
  };
  await registerWebApp(app, config, origins, { kept: pages, signedIn, sitemap }, methodsOf);
  return { app, context };
}

/** Serves locally stored photos; their names are content hashes, so they never change. */
async function registerUploads(app: FastifyInstance, photos: PhotoStore) {
  if (!(photos instanceof LocalPhotoStore)) return;
  await mkdir(photos.directory, { recursive: true });
  await app.register(fastifyStatic, {
    root: photos.directory,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders: (res) => {
      res.header('cache-control', IMMUTABLE_CACHE_CONTROL);
      res.header('x-content-type-options', 'nosniff');
    },
  });
}

/**
 * Serves the built web app when it exists (npm start builds it): hashed assets cached for a year; pages
 * rendered on the server when the build has its server entry (web/server-rendering.ts), with
 * robots.txt and sitemap.xml (web/crawlers.ts), else index.html, never cached.
 */
async function registerWebApp(
  app: FastifyInstance,
  config: Config,
  origins: AllowedOrigins,
  pages: {
    kept: KeptPages;
    signedIn: (request: FastifyRequest) => Promise<boolean>;
    sitemap: Omit<Sitemap, 'paths'>;
  },
  methodsOf: (path: string) => string[],
) {
  const indexFile = path.join(config.WEB_DIST, 'index.html');
  const hasWebApp = existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: config.WEB_DIST,
      wildcard: false,
      index: false,
      // The server entry (ssr/) is run by the server, never sent.
      allowedPath: (pathname) => !pathname.startsWith('/ssr/'),
      // The build writes .br and .gz beside each text file: sent as they are, never compressed per request.
      preCompressed: true,
      setHeaders: (res, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const rendering = hasWebApp
    ? await createPageRenderer(app, config.WEB_DIST, origins, pages.kept, pages.signedIn)
    : undefined;
  if (rendering) registerCrawlerFiles(app, origins, { ...pages.sitemap, paths: rendering.sitemapPaths });
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // Client-side routes get the app; a missing file (an old hashed asset, a photo) stays a 404.
    const isFile = /\.[a-z0-9]+$/i.test(pathname);
    if (hasWebApp && request.method === 'GET' && !pathname.startsWith('/api') && !isFile) {
      if (rendering) return rendering.renderPage(request, reply);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    // A route of this path and method that found nothing (a missing photo) stays a 404.
    const allowed = methodsOf(pathname);
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      reply.header('allow', allowed.join(', '));
      return sendError(reply, request, 405, {
        code: ERROR_CODES.methodNotAllowed,
        message: `${pathname} does not accept ${request.method}; it accepts ${allowed.join(', ')}.`,
      });
    }
    return sendError(reply, request, 404, {
      code: ERROR_CODES.notFound,
      message: `No route for ${request.method} ${pathname}.`,
    });
  });
}
