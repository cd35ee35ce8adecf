import { Outlet } from 'react-router';
import { useScrollRestoration } from '../../lib/scroll-restoration.ts';
import { useLiveQueries } from '../live-queries.ts';
import { RootErrorBoundary } from '../routes/not-found.tsx';

/**
 * Wraps every page: scroll restoration, live updates of the signed-in user's lists, and the 404 page
 * on its own when a layout itself fails.
 */
export function RootLayout() {
  useScrollRestoration();
  useLiveQueries();
  return (
    <RootErrorBoundary>
      <Outlet />
    </RootErrorBoundary>
  );
}
