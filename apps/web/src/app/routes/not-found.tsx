import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { paths } from '../../config/paths.ts';

/** The page for an unknown route, and for any route error (spec section 2). */
export default function NotFoundPage() {
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <PageTitle title="Page not found" />
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

/** Error boundary inside a layout: logs the error for developers and shows the 404 page. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (!(isRouteErrorResponse(error) && error.status === 404)) console.error(error);
  return <NotFoundPage />;
}

/** Last-resort boundary when a layout itself failed: the 404 page on its own. */
export function RootErrorBoundary() {
  return (
    <div className="min-h-screen bg-base-100 text-base-content">
      <main id="main">
        <RouteErrorBoundary />
      </main>
    </div>
  );
}
