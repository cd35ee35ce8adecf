/**
 * A stand-in for the web app's build, for the server's tests: an index.html and a server entry
 * (ssr/entry-server.js) that renders a page's address, who the API says is signed in, a head naming the
 * page by the site's origin, and the number of pages it has rendered (so that a test sees whether a
 * page was rendered again); that sends a signed-out visitor of `/private…` to sign in, and answers
 * `/missing…` as a page that does not exist (404). Its home page lists What's New (`id price` per car),
 * and is a 404 while a car priced 404 is on it, a redirect to /blog while one is priced 302. Its blog
 * reads a buyer's bookings, which fails for a signed-out visitor (401) as a read may fail. Its pages
 * under `/shared` are the pages of the cars for sale (`isSharedPage`): a signed-out visitor is sent
 * to sign in when `GET /api/config` says browsing needs it; rendered with `shared`, they name no
 * visitor. `/shared/car/<id>` shows the car (`car id price`, and `sold` once sold) with the status of
 * its API answer (404, 410), `/shared/seller/<id>` the seller (`seller name`, `verified`, and `n cars` for sale), and
 * the others list What's New.
 * The real entry's pages are checked end to end (e2e/tests/server-rendering.spec.ts).
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const STAND_IN_INDEX_HTML =
  '<!doctype html><head><title>Redline</title><script type="module" src="/assets/app.js"></script></head>' +
  '<body><div id="root"></div><p>tail</p></body>';

/** Public pages of the stand-in, one of them with characters XML must escape. */
export const STAND_IN_SITEMAP_PATHS = ['/', '/blog', '/search?make=a&model=b'];

const STAND_IN_ENTRY = `
export const sitemapPaths = ${JSON.stringify(STAND_IN_SITEMAP_PATHS)};
export const isSharedPage = (pathname) => pathname.startsWith('/shared');
let renders = 0;
export async function renderPage({ url, origin, fetch, shared }) {
  const me = await (await fetch('/api/me')).json();
  const browsing = url.startsWith('/shared') && (await (await fetch('/api/config')).json()).browsing;
  const guarded = url.startsWith('/private') || browsing === 'signed-in';
  if (guarded && me === null) return { redirect: '/user/login?returnTo=' + encodeURIComponent(url) };
  let status = url.startsWith('/missing') ? 404 : 200;
  let cars = '';
  const [, page, id] = url.split('/').slice(1);
  if (browsing && (page === 'car' || page === 'seller')) {
    const answer = await fetch(page === 'car' ? '/api/cars/id/' + id : '/api/sellers/' + id);
    if (answer.status === 404 || answer.status === 410) status = answer.status;
    else {
      const shown = await answer.json();
      cars = page === 'car'
        ? '<p>car ' + shown.id + ' ' + shown.askingPrice + (shown.soldAt ? ' sold' : '') + '</p>'
        : '<p>seller ' + shown.name + (shown.verified ? ' verified' : '') + ' ' + shown.carsForSale + ' cars</p>';
    }
  } else if (url === '/' || browsing) {
    const { items } = await (await fetch('/api/advertise?limit=50')).json();
    const prices = items.map((car) => car.askingPrice);
    if (prices.includes(302)) return { redirect: '/blog' };
    if (prices.includes(404)) status = 404;
    cars = '<ul>' + items.map((car) => '<li>' + car.id + ' ' + car.askingPrice + '</li>').join('') + '</ul>';
  }
  if (url === '/blog') await fetch('/api/testdrivebooking/buyer/nobody%40example.test');
  renders += 1;
  const head = '<title>' + url + '</title><link rel="canonical" href="' + origin + url + '"/>';
  const visitor = shared ? 'shared' : me ? me.email : 'signed out';
  const root = '<div id="root"><p>' + url + '</p><p>' + visitor + '</p>' + cars +
    '<p>render ' + renders + '</p></div>';
  return { status, rendered: Promise.resolve({ head, root }) };
}
`;

/** A directory holding the stand-in build, for WEB_DIST. */
export async function standInWebBuild(): Promise<string> {
  const webDist = await mkdtemp(path.join(tmpdir(), 'redline-web-'));
  await mkdir(path.join(webDist, 'ssr'));
  await writeFile(path.join(webDist, 'index.html'), STAND_IN_INDEX_HTML);
  await writeFile(path.join(webDist, 'ssr', 'entry-server.js'), STAND_IN_ENTRY);
  return webDist;
}
