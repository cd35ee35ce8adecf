/**
 * The route tree (spec section 2), in React Router's declarative mode (the smaller one: no loaders
 * or actions, which this app leaves to TanStack Query). The home page is part of the first chunk, so
 * `/` renders without waiting for a second download; every other page is its own lazily loaded
 * chunk, and so is the dashboard's layout. To add a page:
 * put its path in config/paths.ts, create src/app/routes/<name>.tsx with a default-exported
 * component, and register it below with `Component: page(() => import('./routes/<name>.tsx'))`.
 */
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, matchRoutes, type RouteObject, useRoutes } from 'react-router';
import { PageProgress } from '../components/ui/progress-bar.tsx';
import { routePatterns as r } from '../config/paths.ts';
import { RedirectSignedIn, RequireAuth, RequireBrowsing, RequireRole } from '../features/auth/index.ts';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import HomePage from './routes/home.tsx';
import NotFoundPage, { RouteErrorBoundary } from './routes/not-found.tsx';

/**
 * A lazily loaded page (or layout) with a progress bar while its chunk downloads. Each is a component
 * of its own, so moving to another page mounts a new Suspense boundary, which shows the bar at once
 * (React would otherwise keep the previous page on screen, without a sign, during the navigation).
 * A page whose chunk was loaded before its first render (`preload`) renders at once: a server-rendered
 * page hydrates without waiting for a download when main.tsx has preloaded its chunks (`pagesOf`).
 * React hydrates a Suspense boundary after the rest of the page has committed: `committed` resolves
 * once the page's own content has first committed, hydrated (`pagesOf`).
 */
type LazyPageComponent = ComponentType & { preload: () => Promise<void>; committed: Promise<void> };
type PageModule = { default: ComponentType };

function page(load: () => Promise<PageModule>): LazyPageComponent {
  let loaded: PageModule | undefined;
  let onCommit = () => {};
  const committed = new Promise<void>((resolve) => {
    onCommit = resolve;
  });
  function Committed() {
    useEffect(onCommit, []);
    return null;
  }
  const preload = () =>
    load().then((module) => {
      loaded = module;
    });
  // Loaded before its first render: a thenable that answers at once (React.lazy takes any
  // thenable), so React renders the page without suspending.
  const Page = lazy(() =>
    loaded
      ? ({
          // biome-ignore lint/suspicious/noThenProperty: React.lazy reads a thenable; this one resolves synchronously.
          then: (resolve: (module: PageModule) => void) => resolve(loaded as PageModule),
        } as Promise<PageModule>)
      : preload().then(() => loaded as PageModule),
  );
  function LazyPage() {
    return (
      <Suspense fallback={<PageProgress label="Loading page" />}>
        <Page />
        <Committed />
      </Suspense>
    );
  }
  return Object.assign(LazyPage, { preload, committed });
}

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    children: [
      {
        Component: PublicLayout,
        children: [
          {
            Component: RouteErrorBoundary,
            children: [
              { index: true, Component: HomePage },
              { path: r.categories, Component: page(() => import('./routes/categories.tsx')) },
              { path: r.blog, Component: page(() => import('./routes/blog.tsx')) },
              { path: r.contact, Component: page(() => import('./routes/contact.tsx')) },
              { path: r.about, Component: page(() => import('./routes/about.tsx')) },
              {
                Component: RedirectSignedIn,
                children: [
                  { path: r.signUp, Component: page(() => import('./routes/auth/signup.tsx')) },
                  { path: r.login, Component: page(() => import('./routes/auth/login.tsx')) },
                ],
              },
              { path: r.forgotPassword, Component: page(() => import('./routes/auth/forgot-password.tsx')) },
              { path: r.resetPassword, Component: page(() => import('./routes/auth/reset-password.tsx')) },
              { path: r.emailConfirmed, Component: page(() => import('./routes/auth/email-confirmed.tsx')) },
              { path: r.unsubscribe, Component: page(() => import('./routes/unsubscribe.tsx')) },
              { path: r.teamInvitation, Component: page(() => import('./routes/team-invitation.tsx')) },
              {
                Component: RequireBrowsing,
                children: [
                  { path: r.category, Component: page(() => import('./routes/category.tsx')) },
                  { path: r.search, Component: page(() => import('./routes/search.tsx')) },
                  { path: r.car, Component: page(() => import('./routes/car.tsx')) },
                  { path: r.compare, Component: page(() => import('./routes/compare.tsx')) },
                  { path: r.seller, Component: page(() => import('./routes/seller.tsx')) },
                ],
              },
              {
                element: <RequireRole roles={['Buyer']} />,
                children: [
                  { path: r.payBooking, Component: page(() => import('./routes/pay-booking.tsx')) },
                  { path: r.payDeposit, Component: page(() => import('./routes/pay-deposit.tsx')) },
                ],
              },
              { path: r.notFound, Component: NotFoundPage },
            ],
          },
        ],
      },
      {
        path: r.dashboard,
        Component: RequireAuth,
        children: [
          {
            Component: page(() => import('./layouts/dashboard-layout.tsx')),
            children: [
              {
                Component: RouteErrorBoundary,
                children: [
                  { index: true, Component: page(() => import('./routes/dash/dashboard-home.tsx')) },
                  {
                    path: r.dashNotifications,
                    Component: page(() => import('./routes/dash/notifications.tsx')),
                  },
                  {
                    path: r.dashNotificationSettings,
                    Component: page(() => import('./routes/dash/notification-settings.tsx')),
                  },
                  {
                    element: <RequireRole roles={['Buyer', 'Seller']} />,
                    children: [
                      {
                        path: r.dashConversations,
                        Component: page(() => import('./routes/dash/conversations.tsx')),
                      },
                    ],
                  },
                  {
                    // Admins read a conversation only while it is reported (the server decides).
                    element: <RequireRole roles={['Buyer', 'Seller', 'Admin']} />,
                    children: [
                      {
                        path: r.dashConversation,
                        Component: page(() => import('./routes/dash/conversation.tsx')),
                      },
                    ],
                  },
                  {
                    element: <RequireRole roles={['Buyer']} />,
                    children: [
                      {
                        path: r.dashBuyerBookings,
                        Component: page(() => import('./routes/dash/buyer-bookings.tsx')),
                      },
                      {
                        path: r.dashBuyerSaved,
                        Component: page(() => import('./routes/dash/buyer-saved.tsx')),
                      },
                      {
                        path: r.dashBuyerSearches,
                        Component: page(() => import('./routes/dash/buyer-searches.tsx')),
                      },
                      {
                        path: r.dashBuyerOffers,
                        Component: page(() => import('./routes/dash/buyer-offers.tsx')),
                      },
                    ],
                  },
                  {
                    element: <RequireRole roles={['Seller']} />,
                    children: [
                      {
                        path: r.dashSellerAddCar,
                        Component: page(() => import('./routes/dash/seller-add-car.tsx')),
                      },
                      {
                        path: r.dashSellerCars,
                        Component: page(() => import('./routes/dash/seller-cars.tsx')),
                      },
                      {
                        path: r.dashSellerRequests,
                        Component: page(() => import('./routes/dash/seller-requests.tsx')),
                      },
                      {
                        path: r.dashSellerOffers,
                        Component: page(() => import('./routes/dash/seller-offers.tsx')),
                      },
                      {
                        path: r.dashSellerPerformance,
                        Component: page(() => import('./routes/dash/seller-performance.tsx')),
                      },
                      {
                        path: r.dashSellerListingPerformance,
                        Component: page(() => import('./routes/dash/seller-listing-performance.tsx')),
                      },
                      {
                        path: r.dashSellerDealer,
                        Component: page(() => import('./routes/dash/seller-dealer.tsx')),
                      },
                      {
                        path: r.dashSellerTeam,
                        Component: page(() => import('./routes/dash/seller-team.tsx')),
                      },
                      {
                        path: r.dashSellerImport,
                        Component: page(() => import('./routes/dash/seller-import.tsx')),
                      },
                      {
                        path: r.dashSellerReviews,
                        Component: page(() => import('./routes/dash/seller-reviews.tsx')),
                      },
                    ],
                  },
                  {
                    element: <RequireRole roles={['Admin']} />,
                    children: [
                      {
                        path: r.dashAdminBuyers,
                        Component: page(() => import('./routes/dash/admin-buyers.tsx')),
                      },
                      {
                        path: r.dashAdminSellers,
                        Component: page(() => import('./routes/dash/admin-sellers.tsx')),
                      },
                      {
                        path: r.dashAdminReported,
                        Component: page(() => import('./routes/dash/admin-reported.tsx')),
                      },
                      {
                        path: r.dashAdminReportedConversations,
                        Component: page(() => import('./routes/dash/admin-reported-conversations.tsx')),
                      },
                      {
                        path: r.dashAdminReportedReviews,
                        Component: page(() => import('./routes/dash/admin-reported-reviews.tsx')),
                      },
                      {
                        path: r.dashAdminPayments,
                        Component: page(() => import('./routes/dash/admin-payments.tsx')),
                      },
                      {
                        path: r.dashAdminMessages,
                        Component: page(() => import('./routes/dash/admin-messages.tsx')),
                      },
                      {
                        path: r.dashAdminCatalogue,
                        Component: page(() => import('./routes/dash/admin-catalogue.tsx')),
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * The lazy pages and layouts that render `pathname`: `preload` loads their chunks, `committed`
 * resolves once they have committed their content. One match of the routes serves both (matching
 * ranks every route: a few milliseconds of the first page's script on a phone).
 */
export function pagesOf(pathname: string): { preload: () => Promise<void>; committed: Promise<void> } {
  const pages: Partial<LazyPageComponent>[] = (matchRoutes(routes, pathname) ?? []).map(
    ({ route }) => route.Component ?? {},
  );
  return {
    preload: async () => {
      await Promise.all(pages.map((lazyPage) => lazyPage.preload?.()));
    },
    committed: Promise.all(pages.map((lazyPage) => lazyPage.committed)).then(() => {}),
  };
}

/** The routes under any router: the browser's below, the server's for one address (entry-server.tsx). */
export function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
