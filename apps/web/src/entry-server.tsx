/**
 * Server rendering (ADR 16): the server (apps/server/src/web/server-rendering.ts) imports the build of
 * this module and calls `renderPage` for every page request. The page's data is asked for through the
 * app's own API client, whose requests the server answers in-process with the visitor's cookie
 * (`PageRequest.fetch`); the same routes and the same query cache as in the browser render the HTML,
 * and the cache's contents go with it, so the browser hydrates without asking again. React renders
 * the page as a whole document, so that the elements it hoists (each page's PageHead, and the preload
 * of the first image fetched with high priority) come out as the head, apart from the page.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { DEFAULT_UNIT_SYSTEM, type UnitSystem } from '@redline/shared';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { guardRedirect, loadPageData, pageMatches, pageStatus } from './app/page-data.ts';
import { AppProvider } from './app/provider.tsx';
import { AppRoutes } from './app/router.tsx';
import { sendRequestsWith } from './lib/api-client.ts';
import { appConfigQueryOptions } from './lib/app-config.ts';
import { meQueryOptions, ServerCheckedPathContext } from './lib/auth.ts';
import { pageState, pageStateElement } from './lib/page-state.ts';
import { createQueryClient } from './lib/query-client.ts';
import { appKeys } from './lib/query-keys.ts';
import { SiteOriginContext } from './lib/site-origin.ts';

export { isSharedPage } from './app/page-data.ts';
export { sitemapPaths } from './app/sitemap.ts';

/** A page that has not rendered by then is sent as it is; its unfinished parts render in the browser. */
const RENDER_TIMEOUT_MS = 10_000;

export type PageRequest = {
  /** The page's path and search, as requested. */
  url: string;
  /** The origin the site names its pages with (canonical addresses): the one the browser asked. */
  origin: string;
  /** Answers the app's API requests for this visitor (their cookie), without leaving the process. */
  fetch: typeof fetch;
  /** The visitor's choice of units (the `redline-units` cookie); without one, the market's (lib/units.ts). */
  units?: UnitSystem;
  /** An error while rendering; the page is still sent, and the browser renders what failed. */
  onError: (error: unknown) => void;
  /**
   * Render the page as every signed-in visitor sees it (`isSharedPage`): once its guards have passed,
   * nothing of the visitor's goes into it, neither their data nor who they are.
   */
  shared?: boolean;
};

/**
 * `head`: the page's own head elements, for the end of index.html's head; `root`: what replaces its
 * empty `<div id="root"></div>`, the rendered page and its data.
 */
export type RenderedPage = { head: string; root: string };

/**
 * `redirect`: where a guard sends the visitor, before any HTML. Otherwise the page's HTTP status (404
 * for a page that does not exist: app/page-data.ts), known once its data has loaded, and the page,
 * once it has rendered.
 */
export type PageAnswer = { redirect: string } | { status: number; rendered: Promise<RenderedPage> };

const pageRequests = new AsyncLocalStorage<typeof fetch>();
sendRequestsWith((input, init) => {
  const send = pageRequests.getStore();
  if (!send) throw new Error('An API request outside of a page render.');
  return send(input, init);
});

export function renderPage(request: PageRequest): Promise<PageAnswer> {
  return pageRequests.run(request.fetch, () => render(request));
}

async function render({ url, origin, units, onError, shared = false }: PageRequest): Promise<PageAnswer> {
  const { pathname } = new URL(url, 'http://redline.invalid');
  const loader = createQueryClient();
  // `undefined` when the session could not be checked: the page renders, and the browser asks again.
  // The server's configuration tells who may browse the cars for sale (RequireBrowsing).
  const [me, config] = await Promise.all([
    loader.fetchQuery(meQueryOptions()).catch(() => undefined),
    loader.fetchQuery(appConfigQueryOptions()).catch(() => undefined),
  ]);
  const matches = pageMatches(url);
  const redirect =
    me === undefined ? undefined : guardRedirect(url, me, { browsing: config?.browsing, matches });
  if (redirect) {
    loader.clear();
    return { redirect };
  }
  // Before the status, which goes before any HTML: the data tells whether the page exists.
  await loadPageData(loader, url, shared ? undefined : (me ?? undefined));
  if (shared) loader.removeQueries({ queryKey: appKeys.me, exact: true });
  // What the page shows until a moment passes is judged at this time, in the browser too (lib/page-time.ts).
  loader.setQueryData(appKeys.pageTime, Date.now());
  // The units too, which the browser takes from the page rather than from its cookie and settings.
  loader.setQueryData(appKeys.units, units ?? config?.units ?? DEFAULT_UNIT_SYSTEM);
  const status = pageStatus(loader, url, matches);
  const state = pageState(loader);
  loader.clear();
  const client = createQueryClient(state);
  const rendered = renderDocument(url, pathname, origin, client, pageStateElement(state), onError);
  return { status, rendered };
}

/**
 * React's whole document: its head holds what the page hoisted, its body the page (index.html has
 * the document's own elements and attributes).
 */
const DOCUMENT = /^<!DOCTYPE html><html[^>]*><head>(.*?)<\/head><body>(.*)<\/body><\/html>$/s;

function renderDocument(
  url: string,
  pathname: string,
  origin: string,
  client: QueryClient,
  stateElement: string,
  onError: (error: unknown) => void,
): Promise<RenderedPage> {
  return new Promise((resolve) => {
    const finish = (page: RenderedPage) => {
      clearTimeout(timeout);
      client.clear();
      resolve(page);
    };
    // Nothing rendered: the browser renders the page itself (no state, so main.tsx does not hydrate).
    const failed = (error: unknown) => {
      onError(error);
      finish({ head: '', root: '<div id="root"></div>' });
    };
    const timeout = setTimeout(() => stream.abort(), RENDER_TIMEOUT_MS);
    // Piped only when everything has rendered, and no part held back however large (React otherwise
    // sends a large Suspense boundary after its fallback): the HTML then needs no inline script to put
    // streamed parts in place, which the Content-Security-Policy would refuse.
    const stream = renderToPipeableStream(
      // React writes the head itself: a <head> element beside the page would change the page's
      // useId identifiers, which must be the browser's, as it renders the page alone.
      <html lang="en">
        <body>
          <StrictMode>
            <AppProvider client={client}>
              <SiteOriginContext value={origin}>
                <ServerCheckedPathContext value={pathname}>
                  <StaticRouter location={url}>
                    <AppRoutes />
                  </StaticRouter>
                </ServerCheckedPathContext>
              </SiteOriginContext>
            </AppProvider>
          </StrictMode>
        </body>
      </html>,
      {
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          const chunks: Buffer[] = [];
          const html = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
          });
          html.on('finish', () => {
            const [, head, page] = DOCUMENT.exec(Buffer.concat(chunks).toString('utf8')) ?? [];
            if (head === undefined || page === undefined) {
              failed(new Error(`${url} did not render as a document`));
              return;
            }
            // Inert until the browser has hydrated it (main.tsx).
            finish({ head, root: `<div id="root" inert>${page}</div>${stateElement}` });
          });
          stream.pipe(html);
        },
        onShellError: failed,
        onError,
      },
    );
  });
}
