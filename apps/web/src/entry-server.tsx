/**
 * Server rendering (ADR 16): the server (apps/server/src/web/server-rendering.ts) imports the build of
 * this module and calls `renderPage` for every page request. The page's data is asked for through the
 * app's own API client, whose requests the server answers in-process with the visitor's cookie
 * (`PageRequest.fetch`); the same routes and the same query cache as in the browser render the HTML,
 * and the cache's contents go with it, so the browser hydrates without asking again.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough, type Readable } from 'node:stream';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { guardRedirect, loadPageData, pageStatus } from './app/page-data.ts';
import { AppProvider } from './app/provider.tsx';
import { AppRoutes } from './app/router.tsx';
import { sendRequestsWith } from './lib/api-client.ts';
import { meQueryOptions } from './lib/auth.ts';
import { pageState, pageStateElement } from './lib/page-state.ts';
import { createQueryClient } from './lib/query-client.ts';

/** A page that has not rendered by then is sent as it is; its unfinished parts render in the browser. */
const RENDER_TIMEOUT_MS = 10_000;

export type PageRequest = {
  /** The page's path and search, as requested. */
  url: string;
  /** Answers the app's API requests for this visitor (their cookie), without leaving the process. */
  fetch: typeof fetch;
  /** An error while rendering; the page is still sent, and the browser renders what failed. */
  onError: (error: unknown) => void;
};

/**
 * `redirect`: where a guard sends the visitor, before any HTML. `status`: the page's HTTP status (404
 * for a page that does not exist: app/page-data.ts). `root`: what replaces index.html's empty
 * `<div id="root"></div>`, the rendered page and its data.
 */
export type RenderedPage = { redirect: string } | { status: number; root: Readable };

const pageRequests = new AsyncLocalStorage<typeof fetch>();
sendRequestsWith((input, init) => {
  const send = pageRequests.getStore();
  if (!send) throw new Error('An API request outside of a page render.');
  return send(input, init);
});

export function renderPage(request: PageRequest): Promise<RenderedPage> {
  return pageRequests.run(request.fetch, () => render(request));
}

async function render({ url, onError }: PageRequest): Promise<RenderedPage> {
  const { pathname } = new URL(url, 'http://redline.invalid');
  const loader = createQueryClient();
  // `undefined` when the session could not be checked: the page renders, and the browser asks again.
  const me = await loader.fetchQuery(meQueryOptions()).catch(() => undefined);
  const redirect = me === undefined ? undefined : guardRedirect(url, me);
  if (redirect) {
    loader.clear();
    return { redirect };
  }
  // Before the status, which goes before any HTML: the data tells whether the page exists.
  await loadPageData(loader, pathname, me ?? undefined);
  const status = pageStatus(loader, pathname);
  const state = pageState(loader);
  loader.clear();
  const root = new PassThrough();
  // Inert until the browser has hydrated it (main.tsx).
  root.write('<div id="root" inert>');
  renderInto(root, url, createQueryClient(state), pageStateElement(state), onError);
  return { status, root };
}

function renderInto(
  root: PassThrough,
  url: string,
  client: QueryClient,
  stateElement: string,
  onError: (error: unknown) => void,
) {
  const finish = (tail: string) => {
    clearTimeout(timeout);
    client.clear();
    root.end(tail);
  };
  const timeout = setTimeout(() => stream.abort(), RENDER_TIMEOUT_MS);
  // Piped only when everything has rendered, and no part held back however large (React otherwise
  // sends a large Suspense boundary after its fallback): the HTML then needs no inline script to put
  // streamed parts in place, which the Content-Security-Policy would refuse.
  const stream = renderToPipeableStream(
    <StrictMode>
      <AppProvider client={client}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
    {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        const html = new PassThrough();
        html.pipe(root, { end: false });
        html.on('end', () => finish(`</div>${stateElement}`));
        stream.pipe(html);
      },
      // Nothing rendered: the browser renders the page itself (no state, so main.tsx does not hydrate).
      onShellError(error) {
        onError(error);
        finish('</div>');
      },
      onError,
    },
  );
}
