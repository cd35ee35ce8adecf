// First: it configures zod before any lazily loaded page imports it.
import './lib/zod-jitless.ts';
import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { AppRouter, pagesOf } from './app/router.tsx';
import { getMe, meQueryOptions, ServerCheckedPathContext } from './lib/auth.ts';
import { readPageState } from './lib/page-state.ts';
import { createQueryClient } from './lib/query-client.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A server-rendered page carries its data (lib/page-state.ts): hydrate it. Without (the Vite dev
// server), render in the browser.
const state = readPageState();
const queryClient = createQueryClient(state);

// The server sends the page inert (entry-server.tsx): nothing is clicked, typed or submitted before
// React handles it (a form would otherwise submit itself natively, its fields in the address). It
// becomes usable once React has taken all of it over: this effect runs after the first commit.
let committed: () => void;
const firstCommit = new Promise<void>((resolve) => {
  committed = resolve;
});
function Interactive({ children }: { children: ReactNode }) {
  useEffect(() => {
    root?.removeAttribute('inert');
    committed();
  }, []);
  return children;
}

// Every page asks who is signed in: ask now, while the page's own code is still loading (a
// server-rendered page usually has the answer, and this asks nothing). On a server-rendered page
// the answer waits until the page has hydrated whole, its lazy parts included (React hydrates those
// after the first commit): a page rendered for every signed-in visitor (app/page-data.ts,
// `sharedPages`) has none, and must hydrate as the server rendered it before its visitor's own
// parts appear.
const pages = state ? pagesOf(window.location.pathname) : undefined;
const hydrated = pages ? Promise.all([firstCommit, pages.committed]) : Promise.resolve();
void queryClient.prefetchQuery({
  ...meQueryOptions(),
  queryFn: async () => {
    const [me] = await Promise.all([getMe(), hydrated]);
    return me;
  },
});

const app = (
  <StrictMode>
    <Interactive>
      <AppProvider client={queryClient}>
        <ServerCheckedPathContext value={state ? window.location.pathname : undefined}>
          <AppRouter />
        </ServerCheckedPathContext>
      </AppProvider>
    </Interactive>
  </StrictMode>
);
// The page's chunks load first, so that it hydrates without waiting for a download. Hydration is a
// transition, which React splits into short tasks (the main thread stays free for the browser
// meanwhile) instead of one long task of a few hundred milliseconds on a slow phone.
const start = () => {
  if (state) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
};
// The chunks are asked for in a task of their own, after this one, which evaluated the app's modules:
// Vite's loader adds a modulepreload link for each chunk a page imports (about thirty for a car's
// page, 50–80 ms on a slow phone), which would otherwise lengthen that task (docs/performance.md, 4).
if (pages) setTimeout(() => void pages.preload().finally(start));
else start();
