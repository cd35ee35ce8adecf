import { Outlet } from 'react-router';
import { useScrollRestoration } from '../../lib/scroll-restoration.ts';
import { RootErrorBoundary } from '../routes/not-found.tsx';

/** Wraps every page: scroll restoration, and the 404 page on its own when a layout itself fails. */
export function RootLayout() {
  useScrollRestoration();
  return (
    <RootErrorBoundary>
      <Outlet />
    </RootErrorBoundary>
  );
}
