/**
 * The sitemap (src/web/crawlers.ts): an index of its pages, the public pages in one and the cars for
 * sale in pages of at most SITEMAP_PAGE_SIZE (2 here, so that a few cars make several pages), each
 * validated against sitemaps.org's XML Schemas, and kept up to date by the cars' events.
 */
import { readFile, rm } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { XmlDocument, XsdValidator } from 'libxml2-wasm';
import { describe, expect } from 'vitest';
import { cars } from '../src/modules/cars/cars.schema.ts';
import { postCar } from './factories.ts';
import { it as base } from './fixtures.ts';
import { as, type TestApp } from './helpers.ts';
import { STAND_IN_SITEMAP_PATHS, standInWebBuild } from './web-build.ts';

const PAGE_SIZE = 2;
/** The test app's PUBLIC_URL. */
const ORIGIN = 'http://localhost:3000';
const NAMESPACES = { s: 'http://www.sitemaps.org/schemas/sitemap/0.9' };
/** sitemaps.org: the most URLs of a sitemap file or index (its schema does not bound them). */
const URLS_MAX = 50_000;

const it = base
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads what a fixture needs from this pattern, and it needs nothing.
  .extend('webDist', { scope: 'file' }, async ({}, { onCleanup }) => {
    const webDist = await standInWebBuild();
    onCleanup(() => rm(webDist, { recursive: true, force: true }));
    return webDist;
  })
  .extend('env', { scope: 'file' }, ({ webDist }) => ({
    WEB_DIST: webDist,
    SITEMAP_PAGE_SIZE: String(PAGE_SIZE),
  }));
const browsingSignedIn = it.extend('env', { scope: 'file' }, ({ webDist }) => ({
  WEB_DIST: webDist,
  SITEMAP_PAGE_SIZE: String(PAGE_SIZE),
  BROWSING: 'signed-in',
}));

type Entry = { loc: string; lastmod: string | undefined };

const SCHEMAS = new URL('./fixtures/sitemaps.org/', import.meta.url);
/** sitemaps.org's XML Schemas of a sitemap file and of an index (fixtures/README.md). */
const validators = {
  urlset: await schemaValidator('sitemap.xsd'),
  sitemapindex: await schemaValidator('siteindex.xsd'),
};

async function schemaValidator(file: string): Promise<XsdValidator> {
  const schema = XmlDocument.fromBuffer(await readFile(new URL(file, SCHEMAS)));
  try {
    return XsdValidator.fromDoc(schema);
  } finally {
    schema.dispose();
  }
}

/**
 * The entries of a sitemap file (`urlset`) or index (`sitemapindex`), after validating it against
 * the protocol's XML Schema with libxml2 (well-formed XML in the protocol's namespace, each entry a
 * `<loc>` of at most 2,048 characters then a W3C Datetime `<lastmod>`, nothing else), and checking
 * what the schema leaves to the protocol's text: UTF-8, each `<loc>` an absolute URL of the site, at
 * most 50,000 of them.
 */
function sitemapEntries(xml: string, root: 'urlset' | 'sitemapindex'): Entry[] {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const document = XmlDocument.fromString(xml);
  try {
    validators[root].validate(document);
    const entries = document.find(`/s:${root}/s:${root === 'urlset' ? 'url' : 'sitemap'}`, NAMESPACES);
    expect(entries.length).toBeLessThanOrEqual(URLS_MAX);
    return entries.map((entry) => {
      const loc = entry.get('s:loc', NAMESPACES)!.content;
      expect(new URL(loc).origin).toBe(ORIGIN);
      return { loc, lastmod: entry.get('s:lastmod', NAMESPACES)?.content };
    });
  } finally {
    document.dispose();
  }
}

async function get(t: TestApp, url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  if (res.statusCode === 200) expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  return res;
}

/** Every page the index names, checked, and the cars' pages' entries by page. */
async function readSitemap(t: TestApp) {
  const index = await get(t, '/sitemap.xml');
  expect(index.statusCode).toBe(200);
  const files = sitemapEntries(index.body, 'sitemapindex');
  expect(files[0]).toEqual({ loc: `${ORIGIN}/sitemaps/pages.xml`, lastmod: undefined });
  const carPages: Entry[][] = [];
  for (const file of files.slice(1)) {
    expect(file.loc).toMatch(new RegExp(`^${ORIGIN}/sitemaps/cars-\\d+\\.xml$`));
    const res = await get(t, new URL(file.loc).pathname);
    expect(res.statusCode).toBe(200);
    const urls = sitemapEntries(res.body, 'urlset');
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.length).toBeLessThanOrEqual(PAGE_SIZE);
    // The index's date of a page is its cars' latest change, a sale included: never before theirs.
    const latest = urls
      .map((url) => url.lastmod ?? '')
      .sort()
      .at(-1);
    expect((file.lastmod ?? '') >= (latest ?? '')).toBe(true);
    carPages.push(urls);
  }
  return { files, carPages, carUrls: carPages.flat().map((url) => url.loc) };
}

const carUrl = (id: string) => `${ORIGIN}/cars/id/${id}`;

describe('the sitemap', () => {
  it('lists the public pages in one file, their addresses absolute and escaped for XML', async ({ t }) => {
    const res = await get(t, '/sitemaps/pages.xml');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<loc>http://localhost:3000/search?make=a&amp;model=b</loc>');
    expect(sitemapEntries(res.body, 'urlset')).toEqual(
      STAND_IN_SITEMAP_PATHS.map((path) => ({ loc: `${ORIGIN}${path}`, lastmod: undefined })),
    );
  });

  it('lists every car for sale once, by its page, in pages of at most the page size, with when each changed', async ({
    t,
    seller,
  }) => {
    const forSale: string[] = [];
    for (let i = 0; i < 5; i++) forSale.push(await postCar(t, seller, {}));
    const sold = await postCar(t, seller, {});
    expect(
      (await as(t, seller, { method: 'PATCH', url: `/api/cars/${sold}`, payload: { sold: true } }))
        .statusCode,
    ).toBe(200);
    const { carPages, carUrls } = await readSitemap(t);
    expect(carPages.length).toBeGreaterThanOrEqual(3);
    expect(carUrls).toEqual([...new Set(carUrls)]);
    expect(carUrls).not.toContain(carUrl(sold));
    const all = await t.db.select({ id: cars.id, soldAt: cars.soldAt, updatedAt: cars.updatedAt }).from(cars);
    const listed = all.filter((car) => car.soldAt === null);
    expect(listed.map((car) => car.id)).toEqual(expect.arrayContaining(forSale));
    expect(carPages.flat().sort((a, b) => a.loc.localeCompare(b.loc))).toEqual(
      listed
        .map((car) => ({ loc: carUrl(car.id), lastmod: car.updatedAt.toISOString() }))
        .sort((a, b) => a.loc.localeCompare(b.loc)),
    );
  });

  it('lists a car once it is posted, dates its change when it is edited, and drops it once sold or deleted', async ({
    t,
    seller,
  }) => {
    const before = await readSitemap(t);
    const [posted, edited, sold, deleted] = [
      await postCar(t, seller, {}),
      await postCar(t, seller, {}),
      await postCar(t, seller, {}),
      await postCar(t, seller, {}),
    ];
    const listed = await readSitemap(t);
    expect(listed.carUrls).toEqual(expect.arrayContaining([posted, edited, sold, deleted].map(carUrl)));
    expect(listed.files.length).toBeGreaterThan(before.files.length);

    const lastmodOf = (sitemap: { carPages: Entry[][] }, id: string) =>
      sitemap.carPages.flat().find((url) => url.loc === carUrl(id))?.lastmod;
    const change = (id: string, payload: object) =>
      as(t, seller, { method: 'PATCH', url: `/api/cars/${id}`, payload });
    expect((await change(edited, { engine: '4.0 L flat-six' })).statusCode).toBe(200);
    expect((await change(sold, { sold: true })).statusCode).toBe(200);
    const remove = await as(t, seller, { method: 'DELETE', url: `/api/cars/${deleted}` });
    expect(remove.statusCode).toBe(200);

    const after = await readSitemap(t);
    expect(after.carUrls).toContain(carUrl(posted));
    expect(after.carUrls).not.toContain(carUrl(sold));
    expect(after.carUrls).not.toContain(carUrl(deleted));
    expect(lastmodOf(after, edited)! > lastmodOf(listed, edited)!).toBe(true);
  });

  it('dates a file by its latest change, the sale of a car it no longer lists included', async ({
    t,
    seller,
  }) => {
    // Three cars in a row: two of them share a file (of 2).
    const posted = [await postCar(t, seller, {}), await postCar(t, seller, {}), await postCar(t, seller, {})];
    const before = await readSitemap(t);
    const fileOf = (id: string) =>
      before.carPages.findIndex((urls) => urls.some((url) => url.loc === carUrl(id)));
    const [sold, kept] = fileOf(posted[0]!) === fileOf(posted[1]!) ? posted : posted.slice(1);
    const file = before.files[1 + fileOf(sold!)]?.loc;
    expect(fileOf(kept!)).toBe(fileOf(sold!));

    const sale = await as(t, seller, { method: 'PATCH', url: `/api/cars/${sold}`, payload: { sold: true } });
    expect(sale.statusCode).toBe(200);
    const [soldRow] = await t.db.select({ updatedAt: cars.updatedAt }).from(cars).where(eq(cars.id, sold!));
    const after = await readSitemap(t);
    expect(after.carUrls).toContain(carUrl(kept!));
    expect(after.files.find((entry) => entry.loc === file)?.lastmod).toBe(soldRow?.updatedAt.toISOString());
  });

  it('answers 404 for a page of the sitemap that lists no car', async ({ t }) => {
    const { files } = await readSitemap(t);
    for (const url of [`/sitemaps/cars-${files.length + 5}.xml`, '/sitemaps/cars-0.xml', '/sitemaps/x.xml'])
      expect((await get(t, url)).statusCode, url).toBe(404);
  });

  it('sends a kept file again with its ETag, a 304 to a browser that has it', async ({ t }) => {
    const first = await get(t, '/sitemap.xml');
    const again = await t.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe("sitemaps.org's schemas, as this file validates with them", () => {
  const urlset = (url: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NAMESPACES.s}"><url>${url}</url></urlset>`;
  it.for<[string, string]>([
    ['a date that is not one', `<loc>${ORIGIN}/</loc><lastmod>29/11/2026</lastmod>`],
    ['the date before the address', `<lastmod>2026-11-29</lastmod><loc>${ORIGIN}/</loc>`],
    ['an element the protocol does not name', `<loc>${ORIGIN}/</loc><price>1</price>`],
    ['an address longer than 2,048 characters', `<loc>${ORIGIN}/${'a'.repeat(2048)}</loc>`],
  ])('refuse %s', ([, url]) => {
    expect(() => sitemapEntries(urlset(url), 'urlset')).toThrow();
  });
  it('take a file as Redline writes it', () => {
    expect(
      sitemapEntries(
        urlset(`<loc>${ORIGIN}/cars</loc><lastmod>2026-11-29T17:00:00.000Z</lastmod>`),
        'urlset',
      ),
    ).toEqual([{ loc: `${ORIGIN}/cars`, lastmod: '2026-11-29T17:00:00.000Z' }]);
  });
});

describe('the sitemap when browsing needs a sign-in (BROWSING=signed-in)', () => {
  browsingSignedIn('lists no car: the cars are not for crawlers', async ({ t, seller }) => {
    await postCar(t, seller, {});
    const { files } = await readSitemap(t);
    expect(files.map((file) => file.loc)).toEqual([`${ORIGIN}/sitemaps/pages.xml`]);
    expect((await get(t, '/sitemaps/cars-1.xml')).statusCode).toBe(404);
  });
});
