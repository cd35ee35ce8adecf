/**
 * The route tree (spec section 2). The home page is part of the first chunk, so `/` renders without
 * waiting for a second download; every other page is its own lazily loaded chunk, and so is the
 * dashboard's layout. To add a page:
 * put its path in config/paths.ts, create src/app/routes/<name>.tsx with a default-exported
 * component, and register it below with `lazy: page(() => import('./routes/<name>.tsx'))`.
 */
import { type ComponentType, useState } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { PageProgress } from '../components/ui/progress-bar.tsx';
import { routePatterns as r } from '../config/paths.ts';
import { RequireAuth, RequireRole } from '../features/auth/components/require-auth.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import HomePage from './routes/home.tsx';
import NotFoundPage, { RootErrorBoundary, RouteErrorBoundary } from './routes/not-found.tsx';

/** Lazy route module: the page's (or layout's) default export becomes the route's component. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: PageProgress,
    children: [
      {
        Component: PublicLayout,
        children: [
          {
            ErrorBoundary: RouteErrorBoundary,
            children: [
              { index: true, Component: HomePage },
              { path: r.categories, lazy: page(() => import('./routes/categories.tsx')) },
              { path: r.blog, lazy: page(() => import('./routes/blog.tsx')) },
              { path: r.contact, lazy: page(() => import('./routes/contact.tsx')) },
              { path: r.about, lazy: page(() => import('./routes/about.tsx')) },
              { path: r.signUp, lazy: page(() => import('./routes/auth/signup.tsx')) },
              { path: r.login, lazy: page(() => import('./routes/auth/login.tsx')) },
              { path: r.forgotPassword, lazy: page(() => import('./routes/auth/forgot-password.tsx')) },
              { path: r.resetPassword, lazy: page(() => import('./routes/auth/reset-password.tsx')) },
              {
                Component: RequireAuth,
                children: [
                  { path: r.category, lazy: page(() => import('./routes/category.tsx')) },
                  { path: r.car, lazy: page(() => import('./routes/car.tsx')) },
                ],
              },
              {
                element: <RequireRole roles={['Buyer']} />,
                children: [{ path: r.payBooking, lazy: page(() => import('./routes/pay-booking.tsx')) }],
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
            lazy: page(() => import('./layouts/dashboard-layout.tsx')),
            children: [
              {
                ErrorBoundary: RouteErrorBoundary,
                children: [
                  { index: true, lazy: page(() => import('./routes/dash/dashboard-home.tsx')) },
                  {
                    element: <RequireRole roles={['Buyer']} />,
                    children: [
                      {
                        path: r.dashBuyerBookings,
                        lazy: page(() => import('./routes/dash/buyer-bookings.tsx')),
                      },
                      { path: r.dashBuyerSaved, lazy: page(() => import('./routes/dash/buyer-saved.tsx')) },
                    ],
                  },
                  {
                    element: <RequireRole roles={['Seller']} />,
                    children: [
                      {
                        path: r.dashSellerAddProduct,
                        lazy: page(() => import('./routes/dash/seller-add-product.tsx')),
                      },
                      {
                        path: r.dashSellerAddedProducts,
                        lazy: page(() => import('./routes/dash/seller-added-products.tsx')),
                      },
                      {
                        path: r.dashSellerRequests,
                        lazy: page(() => import('./routes/dash/seller-requests.tsx')),
                      },
                    ],
                  },
                  {
                    element: <RequireRole roles={['Admin']} />,
                    children: [
                      { path: r.dashAdminBuyers, lazy: page(() => import('./routes/dash/admin-buyers.tsx')) },
                      {
                        path: r.dashAdminSellers,
                        lazy: page(() => import('./routes/dash/admin-sellers.tsx')),
                      },
                      {
                        path: r.dashAdminReported,
                        lazy: page(() => import('./routes/dash/admin-reported.tsx')),
                      },
                      {
                        path: r.dashAdminPayments,
                        lazy: page(() => import('./routes/dash/admin-payments.tsx')),
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

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export function AppRouter() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}
