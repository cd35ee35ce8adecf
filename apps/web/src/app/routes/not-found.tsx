import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import { PageHead } from '../../components/ui/page-head.tsx';
import { paths } from '../../config/paths.ts';

/** The page for an unknown route, and for any route error (spec section 2). */
export default function NotFoundPage() {
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <PageHead title="Page not found" description="This page does not exist on Redline." />
      <p className="text-sm font-semibold uppercase tracking-[0.3em] text-primary">404 error</p>
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">
        Looks like this page doesn't exist!
      </h1>
      <p className="max-w-md text-base-content/75">
        The address may be mistyped, or the page may have moved. Let's get you back on the road.
      </p>
      <Link to={paths.home} className="btn btn-primary mt-2">
        Go Back To Home
      </Link>
    </section>
  );
}

/**
 * Around the pages of a layout (or `children`): a page that throws, or whose chunk fails to load,
 * shows the 404 page inside the layout.
 */
export function RouteErrorBoundary({ children }: { children?: ReactNode }) {
  return <ErrorBoundary fallback={<NotFoundPage />}>{children ?? <Outlet />}</ErrorBoundary>;
}

/** Last-resort boundary when a layout itself failed: the 404 page on its own. */
export function RootErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      fallback={
        <div className="min-h-screen bg-base-100 text-base-content">
          <main id="main">
            <NotFoundPage />
          </main>
        </div>
      }
    >
      {children}
    </ErrorBoundary>
  );
}
