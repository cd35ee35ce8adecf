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

/**
 * Takes the page over, each step in a task of its own after the one that evaluated the app's modules:
 * on a slow phone each step is a few tens of milliseconds and together they are over a hundred, which
 * in one task would hold back whatever the visitor does meanwhile (docs/performance.md, 4).
 */
async function takeOver(root: HTMLElement) {
  await nextTask();
  // The lazy pages and layouts the server rendered (matching ranks every route).
  const pages = state ? pagesOf(window.location.pathname) : undefined;
  await nextTask();
  const queryClient = createQueryClient(state);
  // Every page asks who is signed in: ask now, while the page's own code is still loading (a
  // server-rendered page usually has the answer, and this asks nothing). On a server-rendered page
  // the answer waits until the page has hydrated whole, its lazy parts included (React hydrates
  // those after the first commit): a page rendered for every signed-in visitor (app/page-data.ts,
  // `sharedPages`) has none, and must hydrate as the server rendered it before its visitor's own
  // parts appear.
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
  if (!state) return createRoot(root).render(app);
  // The page's chunks load first, so that it hydrates without waiting for a download (Vite's loader
  // adds a modulepreload link for each chunk a page imports: about thirty for a car's page). Hydration
  // is a transition, which React splits into short tasks (the main thread stays free for the
  // browser meanwhile) instead of one long task of a few hundred milliseconds on a slow phone.
  await nextTask();
  try {
    await pages?.preload();
  } finally {
    startTransition(() => void hydrateRoot(root, app));
  }
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

void takeOver(root);
