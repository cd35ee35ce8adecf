import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { answer } from '../../testing/network.ts';
import { renderRoutes, renderWithProviders } from '../../testing/test-utils.tsx';
import { routes } from '../router.tsx';
import NotFoundPage, { RouteErrorBoundary } from './not-found.tsx';

function Boom(): never {
  throw new Error('boom');
}

describe('404 page', () => {
  it('says the page does not exist and links home', () => {
    renderWithProviders(<NotFoundPage />, { path: '/nowhere' });

    expect(screen.getByText('404 error')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: "Looks like this page doesn't exist!" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back To Home' }).getAttribute('href')).toBe('/');
  });

  it('is what the app shows for an unknown route, inside the public layout', async () => {
    answer({ 'GET /me': null, 'GET /categories': [] });
    renderRoutes(routes, { initialEntries: ['/no/such/page'] });

    expect(await screen.findByText('404 error')).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Categories' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Get started' })).toBeInTheDocument();
  });

  it('is what the app shows when a page throws, until the visitor goes elsewhere', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answer({ 'GET /me': null });
    renderRoutes(
      [
        {
          Component: RouteErrorBoundary,
          children: [
            { path: '/', element: <p>Home page</p> },
            { path: '/broken', Component: Boom },
          ],
        },
      ],
      { initialEntries: ['/broken'] },
    );
    expect(await screen.findByText('404 error')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Go Back To Home' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('is what the app shows when a page fails to download', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Unreachable = lazy(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    renderRoutes([
      {
        path: '/',
        element: (
          <RouteErrorBoundary>
            <Suspense fallback={null}>
              <Unreachable />
            </Suspense>
          </RouteErrorBoundary>
        ),
      },
    ]);
    expect(await screen.findByText('404 error')).toBeInTheDocument();
  });
});
