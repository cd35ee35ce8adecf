import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buyer, seller } from '../../../testing/fixtures/user.ts';
import { json, mockFetch, renderRoutes } from '../../../testing/test-utils.tsx';
import type { FromState } from '../utils/redirect.ts';
import { RequireAuth, RequireRole } from './require-auth.tsx';

function LoginProbe() {
  const from = (useLocation().state as FromState | null)?.from;
  return <p>Login page; back to {from ? `${from.pathname}${from.search}` : 'nowhere'}</p>;
}

const routes = [
  { path: '/', element: <p>Home page</p> },
  { path: '/user/login', element: <LoginProbe /> },
  {
    element: <RequireAuth />,
    children: [{ path: '/dash', element: <p>Dashboard content</p> }],
  },
  {
    element: <RequireRole roles={['Buyer']} />,
    children: [{ path: '/buyer/bookings/:id', element: <p>Pay page</p> }],
  },
  {
    element: <RequireRole roles={['Admin']} />,
    children: [{ path: '/dash/admin/allbuyers', element: <p>All buyers</p> }],
  },
];

describe('route guards', () => {
  it('sends a signed-out visitor to the login page, remembering where they wanted to go', async () => {
    mockFetch({ '/api/me': json(null) });
    const { pathname } = renderRoutes(routes, { initialEntries: ['/dash?tab=1'] });

    expect(await screen.findByText('Login page; back to /dash?tab=1')).toBeTruthy();
    expect(pathname()).toBe('/user/login');
    expect(screen.queryByText('Dashboard content')).toBeNull();
  });

  it('shows a progress bar while the session loads, then the page to a signed-in user', async () => {
    mockFetch({ '/api/me': json(buyer) });
    renderRoutes(routes, { initialEntries: ['/dash'] });

    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(await screen.findByText('Dashboard content')).toBeTruthy();
  });

  it('sends a seller away from a buyer-only page to the login page', async () => {
    mockFetch({ '/api/me': json(seller) });
    renderRoutes(routes, { initialEntries: ['/buyer/bookings/b1'] });
    expect(await screen.findByText('Login page; back to /buyer/bookings/b1')).toBeTruthy();
  });

  it('lets a buyer open a buyer-only page', async () => {
    mockFetch({ '/api/me': json(buyer) });
    renderRoutes(routes, { initialEntries: ['/buyer/bookings/b1'] });
    expect(await screen.findByText('Pay page')).toBeTruthy();
  });

  it('sends a signed-in non-admin away from an admin page to the home page', async () => {
    mockFetch({ '/api/me': json(buyer) });
    const { pathname } = renderRoutes(routes, { initialEntries: ['/dash/admin/allbuyers'] });
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(pathname()).toBe('/');
  });

  it('sends a signed-out visitor away from an admin page to the login page', async () => {
    mockFetch({ '/api/me': json(null) });
    renderRoutes(routes, { initialEntries: ['/dash/admin/allbuyers'] });
    expect(await screen.findByText('Login page; back to /dash/admin/allbuyers')).toBeTruthy();
  });
});
