/**
 * What crawlers read besides the pages: robots.txt (what they may read, and where the sitemap is) and
 * sitemap.xml (the public pages, from the web app's server entry). Both name the site by its origin
 * (config/origins.ts), as the pages' canonical addresses do.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AllowedOrigins } from '../config/origins.ts';

/** The catalogue pages need a sign-in; the dashboard, the pay pages and the API are private. */
const PRIVATE_PATHS = ['/dash', '/buyer/', '/api/'];

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

export function registerCrawlerFiles(
  app: FastifyInstance,
  origins: AllowedOrigins,
  sitemapPaths: readonly string[],
) {
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

  app.get('/sitemap.xml', { config: { access: 'public' } }, (request, reply) => {
    const origin = siteOrigin(request);
    const urls = sitemapPaths.map((path) => `<url><loc>${escapeXml(new URL(path, origin).href)}</loc></url>`);
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls,
      '</urlset>',
    ];
    return reply
      .header('cache-control', 'no-cache')
      .type('application/xml; charset=utf-8')
      .send(`${xml.join('\n')}\n`);
  });
}
