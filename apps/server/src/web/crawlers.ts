/**
 * What crawlers read besides the pages: robots.txt (what they may read, and where the sitemap is) and
 * the sitemap (sitemaps.org's protocol): /sitemap.xml, an index of its pages, /sitemaps/pages.xml (the
 * public pages, from the web app's server entry) and /sitemaps/cars-<n>.xml (the cars for sale, at
 * most `pageSize` a page, each with when it last changed). All name the site by its origin
 * (config/origins.ts), as the pages' canonical addresses do. The sitemap's files are kept rendered in
 * a catalogue cache of their own, emptied by the events of the cars' changes (ADR 9, ADR 47).
 */
import { routePatterns } from '@redline/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type CatalogueCache, sendCached } from '../catalogue/catalogue-cache.ts';
import type { AllowedOrigins } from '../config/origins.ts';

/** The catalogue pages need a sign-in; the dashboard, the pay pages and the API are private. */
const PRIVATE_PATHS = ['/dash', '/buyer/', '/api/'];

/**
 * The cars for sale as the sitemap lists them, in pages of at most `size` (the cars module's
 * `sitemapPagesOfCars` and `carsOfSitemapPage`): the pages that hold a car, numbered from 0, with
 * their cars' latest update; and the cars of one page.
 */
export interface SitemapCars {
  pages(size: number): Promise<{ page: number; lastModified: Date | null }[]>;
  page(page: number, size: number): Promise<{ id: string; updatedAt: Date }[]>;
}

export interface Sitemap {
  /** The public pages' paths (the web app's server entry). */
  paths: readonly string[];
  /** Undefined when the cars are for signed-in visitors only (BROWSING=signed-in): crawlers see none. */
  cars: SitemapCars | undefined;
  /** The most cars a page lists (SITEMAP_PAGE_SIZE: at most 50,000, as sitemaps.org allows). */
  pageSize: number;
  /** Where the sitemap's files are kept rendered. */
  kept: CatalogueCache;
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

const XML = 'application/xml; charset=utf-8';
const PAGES_FILE = '/sitemaps/pages.xml';
const carsFile = (page: number) => `/sitemaps/cars-${page + 1}.xml`;
const CARS_FILE = /^cars-([1-9]\d{0,8})\.xml$/;

/** `tag` (`url` or `sitemap`) for each address, with its last change when known. */
const entries = (tag: string, items: { loc: string; lastModified?: Date | null }[]) =>
  items.map(
    ({ loc, lastModified }) =>
      `<${tag}><loc>${escapeXml(loc)}</loc>${lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : ''}</${tag}>`,
  );

const document = (root: 'urlset' | 'sitemapindex', lines: string[]) =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...lines,
    `</${root}>`,
    '',
  ].join('\n');

/** A sitemap page with no car for sale (past the last, or every car of it sold or deleted). */
class NoSuchFile extends Error {}

export function registerCrawlerFiles(app: FastifyInstance, origins: AllowedOrigins, sitemap: Sitemap) {
  const siteOrigin = (request: FastifyRequest) =>
    origins.siteOriginFor(`${request.protocol}://${request.host}`);

  app.get('/robots.txt', { config: { access: 'public' } }, (request, reply) => {
    const lines = [
      'User-agent: *',
      ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${new URL('/sitemap.xml', siteOrigin(request)).href}`,
    ];
    return reply
      .header('cache-control', 'no-cache')
      .type('text/plain; charset=utf-8')
      .send(`${lines.join('\n')}\n`);
  });

  /** The file kept for this origin and address, rendered by `load` on a miss; a 404 for `NoSuchFile`. */
  const sendFile = async (
    request: FastifyRequest,
    reply: FastifyReply,
    load: (origin: string) => Promise<string>,
  ) => {
    const origin = siteOrigin(request);
    // By the path alone: a search part changes nothing, and must not make a file read again.
    const path = request.url.split('?', 1)[0];
    try {
      const file = await sitemap.kept.get(`${origin}${path}`, () => load(origin));
      return sendCached(request, reply, file, XML);
    } catch (error) {
      if (!(error instanceof NoSuchFile)) throw error;
      return reply.callNotFound();
    }
  };

  app.get('/sitemap.xml', { config: { access: 'public' } }, (request, reply) =>
    sendFile(request, reply, async (origin) => {
      const carPages = (await sitemap.cars?.pages(sitemap.pageSize)) ?? [];
      const files = [
        { loc: new URL(PAGES_FILE, origin).href },
        ...carPages.map(({ page, lastModified }) => ({
          loc: new URL(carsFile(page), origin).href,
          lastModified,
        })),
      ];
      return document('sitemapindex', entries('sitemap', files));
    }),
  );

  app.get<{ Params: { file: string } }>(
    '/sitemaps/:file',
    { config: { access: 'public' } },
    (request, reply) =>
      sendFile(request, reply, async (origin) => {
        const { file } = request.params;
        if (`/sitemaps/${file}` === PAGES_FILE) {
          return document(
            'urlset',
            entries(
              'url',
              sitemap.paths.map((path) => ({ loc: new URL(path, origin).href })),
            ),
          );
        }
        const page = Number(CARS_FILE.exec(file)?.[1] ?? 0) - 1;
        const cars = page < 0 || !sitemap.cars ? [] : await sitemap.cars.page(page, sitemap.pageSize);
        if (cars.length === 0) throw new NoSuchFile();
        const urls = cars.map(({ id, updatedAt }) => ({
          loc: new URL(routePatterns.car.replace(':id', encodeURIComponent(id)), origin).href,
          lastModified: updatedAt,
        }));
        return document('urlset', entries('url', urls));
      }),
  );
}
