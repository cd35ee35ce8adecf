// First: it configures zod before any lazily loaded page imports it.
import './lib/zod-jitless.ts';
import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { AppRouter, preloadPages } from './app/router.tsx';
import { meQueryOptions } from './lib/auth.ts';
import { readPageState } from './lib/page-state.ts';
import { createQueryClient } from './lib/query-client.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A server-rendered page carries its data (lib/page-state.ts): hydrate it. Without (the Vite dev
// server), render in the browser.
const state = readPageState();
const queryClient = createQueryClient(state);
// Every page asks who is signed in: ask now, while the page's own code is still loading (a
// server-rendered page already has the answer, and this asks nothing).
void queryClient.prefetchQuery(meQueryOptions());

// The server sends the page inert (entry-server.tsx): nothing is clicked, typed or submitted before
// React handles it (a form would otherwise submit itself natively, its fields in the address). It
// becomes usable once React has taken all of it over: this effect runs after the first commit.
function Interactive({ children }: { children: ReactNode }) {
  useEffect(() => root?.removeAttribute('inert'), []);
  return children;
}

const app = (
  <StrictMode>
    <Interactive>
      <AppProvider client={queryClient}>
        <AppRouter />
      </AppProvider>
    </Interactive>
  </StrictMode>
);
// The page's chunks load first, so that it hydrates in one pass. Hydration is a transition, which
// React splits into short tasks (the main thread stays free for the browser meanwhile) instead of
// one long task of a few hundred milliseconds on a slow phone.
const start = () => {
  if (state) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
};
if (state) void preloadPages(window.location.pathname).finally(start);
else start();
