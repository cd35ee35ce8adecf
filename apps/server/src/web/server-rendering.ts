/**
 * Server rendering of the web app's pages (ADR 16). The web build holds a server entry
 * (apps/web/src/entry-server.tsx, built into WEB_DIST/ssr/); for each page request it decides where
 * the page's guards send the visitor (a redirect, before any HTML: to sign in, or home), loads the
 * page's data, which tells its status (404 for a page that does not exist), then renders the page.
 * The page's data requests are answered in this process by the app's own /api routes (`app.inject`:
 * no socket, the same access checks, services and serialisers as the browser's requests), carrying
 * the visitor's cookie. index.html's head (its stylesheet, and the script that asks for the page's
 * JavaScript once the page has painted: ADR 77) goes out with the status and stays open; when the page has rendered, its own head elements (title, description, canonical address,
 * link previews, the preload of its main image) close it, and the page follows.
 *
 * Some pages look the same to many visitors, and are rendered whole once, kept compressed in a
 * catalogue cache of their own (emptied by the same domain events, ADR 9) and sent from there, with
 * an ETag, until the catalogue changes:
 * - for a visitor (a request without a cookie, or whose only cookie is the units one:
 *   `visitorVariant`), every signed-out visitor with the same units sees the same page: the public
 *   pages (the sitemap's paths, without a search part), and the pages of the cars for sale (the
 *   entry's shared pages: a category's cars, the search with its search part, a car, a comparison, a seller), each
 *   in a cache of its own, so that a scraper walking searches can evict none of the first (ADR 48);
 * - the pages the entry calls shared (`isSharedPage`), for a request whose session is valid:
 *   rendered for every signed-in visitor alike (`shared`), without who they are or their data, which
 *   the browser asks for once the page has hydrated (ADR 18), kept per units as a visitor's
 *   (`unitsVariant`). The session is checked for each request before the kept page is sent; without
 *   one, the page is rendered for the request itself (as a visitor's, or the guards' redirect to
 *   sign in with BROWSING=signed-in).
 * Any other request, and a render that cannot be kept (a redirect, such as the guards' to sign in,
 * another status than 200, a failed read or render), is rendered for the request itself.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { type BrotliCompress, constants, createBrotliCompress, createGzip, type Gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { UNIT_SYSTEMS, UNITS_COOKIE, type UnitSystem, unitSystemFromCookies } from '@redline/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type CatalogueCache, sendCached } from '../catalogue/catalogue-cache.ts';
import type { AllowedOrigins } from '../config/origins.ts';

/** What the server entry exports; apps/web/src/entry-server.tsx defines it. */
interface ServerEntry {
  renderPage(request: {
    url: string;
    origin: string;
    fetch: typeof fetch;
    units?: UnitSystem;
    onError: (error: unknown) => void;
    shared?: boolean;
  }): Promise<PageAnswer>;
  /** The public pages' paths, for crawlers (web/crawlers.ts). */
  sitemapPaths: readonly string[];
  /** Whether the page at `pathname` is rendered alike for every signed-in visitor (`shared`). */
  isSharedPage(pathname: string): boolean;
}

type PageAnswer =
  | { redirect: string }
  | { status: number; rendered: Promise<{ head: string; root: string }> };

export type PageRenderer = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/** Where index.html's page goes; the server entry sends what replaces it. */
const EMPTY_ROOT = '<div id="root"></div>';
const HEAD_END = '</head>';
const HTML = 'text/html; charset=utf-8';
/** Every page has its own title (PageHead in the web app); index.html's serves the Vite dev server. */
const TEMPLATE_TITLE = /<title>[^<]*<\/title>\s*/;
/**
 * Every page depends on the request's cookies (a visitor's units, or a session), and on its
 * Accept-Encoding. A visitor's page is sent `no-cache` and may be stored by a shared cache: this
 * keeps one stored for a cookie from answering a request with another, even as a stale copy.
 */
const PAGE_VARY = 'accept-encoding, cookie';

/**
 * Compressed as it streams, at levels fast enough for every request (the build's files use the highest).
 * Brotli's window is 256 KB, more than a page, rather than its default 4 MB: the same bytes, and less
 * to allocate and clear per request (a fifth of its time on a car page).
 */
const COMPRESSORS = {
  br: () =>
    createBrotliCompress({
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_LGWIN]: 18 },
    }),
  gzip: () => createGzip({ level: 6 }),
};

/**
 * How many pages of the cars for sale are kept for visitors at most, the oldest dropped first (ADR 48):
 * their addresses, searches with any search part, are without bound. A search's page is about 110 KB,
 * and its Brotli and gzip forms 25 KB more: 64 pages hold under 9 MB.
 */
export const VISITORS_BROWSING_PAGES = 64;

/** Where the pages that look the same to many visitors are kept (see above). */
export interface KeptPages {
  /** The public pages of visitors. */
  public: CatalogueCache;
  /** The pages of the cars for sale of visitors (the shared pages, seen by a visitor). */
  browsing: CatalogueCache;
  /** The shared pages of signed-in visitors. */
  shared: CatalogueCache;
}

/** A request's cookies, each `name=value`. */
const cookiesOf = (request: FastifyRequest) =>
  (request.headers.cookie ?? '')
    .split(';')
    .map((cookie) => cookie.trim())
    .filter((cookie) => cookie !== '');
const isUnitsCookie = (cookie: string) => cookie.startsWith(`${UNITS_COOKIE}=`);

/**
 * The units a page is rendered in, as part of its kept page's key: the units cookie's value (`metric`,
 * `imperial`), or '' without it; `undefined` for another value or the cookie twice, whose page is
 * rendered for the request.
 */
function unitsVariant(cookies: string[]): string | undefined {
  const units = cookies.filter(isUnitsCookie);
  if (units.length === 0) return '';
  const value = units.length === 1 ? units[0]!.slice(UNITS_COOKIE.length + 1) : undefined;
  return UNIT_SYSTEMS.find((system) => system === value);
}

/**
 * Which of the visitors' pages a request gets: its units (`unitsVariant`); `undefined` for a request
 * with any other cookie (a session, even an invalid one), which is not a visitor's.
 */
function visitorVariant(request: FastifyRequest): string | undefined {
  const cookies = cookiesOf(request);
  return cookies.every(isUnitsCookie) ? unitsVariant(cookies) : undefined;
}

/**
 * The renderer of the built web app in `webDist` and the paths of its public pages, or `undefined` for
 * a build without a server entry. `kept` keeps the pages that look the same to many visitors, and
 * `signedIn` tells whether a request's session is valid (see above).
 */
export async function createPageRenderer(
  app: FastifyInstance,
  webDist: string,
  origins: AllowedOrigins,
  kept: KeptPages,
  signedIn: (request: FastifyRequest) => Promise<boolean>,
): Promise<{ renderPage: PageRenderer; sitemapPaths: readonly string[] } | undefined> {
  const entryFile = path.join(webDist, 'ssr', 'entry-server.js');
  if (!existsSync(entryFile)) return undefined;
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  const template = await readFile(path.join(webDist, 'index.html'), 'utf8');
  const [templateHead, bodyStart, tail] = splitTemplate(template, webDist);
  const head = templateHead.replace(TEMPLATE_TITLE, '');
  /** Bounded by construction: these paths, times the site's origins (config/origins.ts) and the units. */
  const publicPaths = new Set(entry.sitemapPaths.filter((page) => !page.includes('?')));

  /** `onFailure`: a read of the page's data or its render failed (the page is still sent). */
  const render = (request: FastifyRequest, origin: string, shared = false, onFailure = () => {}) =>
    entry.renderPage({
      url: request.url,
      origin,
      shared,
      units: unitSystemFromCookies(request.headers.cookie),
      fetch: async (input, init) => {
        const answer = await answerInProcess(app, request, input, init);
        if (!answer.ok) onFailure();
        return answer;
      },
      onError: (error) => {
        onFailure();
        request.log.error({ err: error }, 'rendering a page failed');
      },
    });

  /** The whole page for every visitor of its kind, or `NotKept` with the answer for this request. */
  const renderKeptPage = async (
    request: FastifyRequest,
    origin: string,
    shared: boolean,
  ): Promise<string> => {
    let failed = false;
    const page = await render(request, origin, shared, () => {
      failed = true;
    });
    if ('redirect' in page || page.status !== 200) throw new NotKept(page);
    const rendered = await page.rendered.catch(() => undefined);
    if (!rendered || failed) throw new NotKept(page);
    return head + rendered.head + bodyStart + rendered.root + tail;
  };

  const send = (request: FastifyRequest, reply: FastifyReply, page: PageAnswer) => {
    // A page rendered for a request with a session cookie may hold its user's data: like their /api
    // answers (http/personal-answers.ts), no cache may keep it.
    reply.header('cache-control', visitorVariant(request) === undefined ? 'private, no-store' : 'no-cache');
    if ('redirect' in page) return reply.redirect(page.redirect);
    const compressor = compressorFor(request, reply);
    const body = compressor ?? new PassThrough();
    body.write(head);
    // The head goes out at once: the browser fetches the stylesheet while the page renders.
    compressor?.flush();
    page.rendered.then(
      (rendered) => body.end(rendered.head + bodyStart + rendered.root + tail),
      (error: unknown) => {
        request.log.error({ err: error }, 'rendering a page failed');
        body.end(bodyStart + EMPTY_ROOT + tail);
      },
    );
    return reply.code(page.status).type(HTML).send(body);
  };

  /**
   * The kept page of `cache`, rendered on a miss, by its units, the site's origin and the address as
   * asked (the page names both). no-cache: a browser (or, for a visitor's page, a shared cache) may
   * keep it, but asks each time, a 304 while it has not changed.
   */
  const sendKept = async (
    request: FastifyRequest,
    reply: FastifyReply,
    {
      cache,
      origin,
      units,
      shared,
    }: { cache: CatalogueCache; origin: string; units: string; shared: boolean },
  ) => {
    try {
      const page = await cache.get(`${units} ${origin}${request.url}`, () =>
        renderKeptPage(request, origin, shared),
      );
      return sendCached(request, reply, page, HTML, {
        cacheControl: shared ? 'private, no-cache' : 'no-cache',
        vary: PAGE_VARY,
      });
    } catch (error) {
      if (!(error instanceof NotKept)) throw error;
      return send(request, reply, error.page);
    }
  };

  const renderPage: PageRenderer = async (request, reply) => {
    const origin = origins.siteOriginFor(`${request.protocol}://${request.host}`);
    const sharedPage = entry.isSharedPage(request.url.split('?', 1)[0]!);
    const visitor = visitorVariant(request);
    if (visitor !== undefined) {
      const page = { origin, units: visitor, shared: false };
      if (publicPaths.has(request.url)) return sendKept(request, reply, { cache: kept.public, ...page });
      // With BROWSING=signed-in, the render is the guards' redirect to sign in, which is not kept.
      if (sharedPage) return sendKept(request, reply, { cache: kept.browsing, ...page });
    } else if (sharedPage) {
      const units = unitsVariant(cookiesOf(request));
      if (units !== undefined && (await signedIn(request)))
        return sendKept(request, reply, { cache: kept.shared, origin, units, shared: true });
    }
    return send(request, reply, await render(request, origin));
  };
  return { renderPage, sitemapPaths: entry.sitemapPaths };
}

/** A public page's render that is not kept; `page` answers the request (and any that waited for it). */
class NotKept extends Error {
  readonly page: PageAnswer;
  constructor(page: PageAnswer) {
    super('This render of a public page is not kept.');
    this.page = page;
  }
}

/** index.html as its head (open), what follows up to the page, and what follows the page. */
function splitTemplate(template: string, webDist: string): [string, string, string] {
  const [head, body, ...restOfHead] = template.split(HEAD_END);
  const [bodyStart, tail, ...restOfBody] = (body ?? '').split(EMPTY_ROOT);
  if (
    head === undefined ||
    bodyStart === undefined ||
    tail === undefined ||
    restOfHead.length + restOfBody.length > 0
  ) {
    throw new Error(`${webDist}/index.html must hold ${HEAD_END} and then ${EMPTY_ROOT}, each exactly once`);
  }
  return [head, HEAD_END + bodyStart, tail];
}

/** The compressing stream for the encoding the browser accepts, if any. */
function compressorFor(request: FastifyRequest, reply: FastifyReply): BrotliCompress | Gzip | undefined {
  reply.header('vary', PAGE_VARY);
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? (negotiate(accepted, ['br', 'gzip']) as keyof typeof COMPRESSORS | null) : null;
  if (!encoding) return undefined;
  reply.header('content-encoding', encoding);
  return COMPRESSORS[encoding]();
}

/** A page's API read, answered by this app's own route for the page's visitor. */
async function answerInProcess(
  app: FastifyInstance,
  page: FastifyRequest,
  input: RequestInfo | URL,
  init: RequestInit | undefined,
): Promise<Response> {
  const method = init?.method ?? 'GET';
  if (method !== 'GET') throw new Error(`A page render only reads; it asked for ${method} ${String(input)}.`);
  const headers: Record<string, string> = { accept: 'application/json', 'x-request-id': page.id };
  if (page.headers.cookie !== undefined) headers.cookie = page.headers.cookie;
  const answer = await app.inject({ method, url: String(input), headers, remoteAddress: page.ip });
  return new Response(answer.body, {
    status: answer.statusCode,
    headers: { 'content-type': String(answer.headers['content-type'] ?? '') },
  });
}
