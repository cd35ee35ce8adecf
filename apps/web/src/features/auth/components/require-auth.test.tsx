import type { Me } from '@redline/shared';
import { screen } from '@testing-library/react';
import { Outlet, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ServerCheckedPathContext } from '../../../lib/auth.ts';
import { aMe, buyer, seller } from '../../../testing/fixtures/user.ts';
import { answer } from '../../../testing/network.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import type { FromState } from '../utils/redirect.ts';
import { RequireAuth, RequireRole } from './require-auth.tsx';

function LoginProbe() {
  const state = useLocation().state as FromState | null;
  const from = state?.from;
  return (
    <p>
      Login page; back to {from ? `${from.pathname}${from.search}` : 'nowhere'}
      {state?.wrongAccount ? '; needs another account' : ''}
    </p>
  );
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
    element: <RequireRole roles={['Seller']} />,
    children: [{ path: '/dash/seller/requests', element: <p>Test drive requests</p> }],
  },
  {
    element: <RequireRole roles={['Admin']} />,
    children: [{ path: '/dash/admin/allbuyers', element: <p>All buyers</p> }],
  },
];

describe('route guards', () => {
  it('sends a signed-out visitor to the login page, remembering where they wanted to go', async () => {
    answer({ 'GET /me': null });
    const { pathname } = renderRoutes(routes, { initialEntries: ['/dash?tab=1'] });

    expect(await screen.findByText('Login page; back to /dash?tab=1')).toBeInTheDocument();
    expect(pathname()).toBe('/user/login');
    expect(screen.queryByText('Dashboard content')).not.toBeInTheDocument();
  });

  it('shows a progress bar while the session loads, then the page to a signed-in user', async () => {
    answer({ 'GET /me': aMe(buyer) });
    renderRoutes(routes, { initialEntries: ['/dash'] });

    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(await screen.findByText('Dashboard content')).toBeInTheDocument();
  });

  it.each([
    ['a seller', seller, '/buyer/bookings/b1'],
    ['a buyer', buyer, '/dash/seller/requests'],
    ['a seller', seller, '/dash/admin/allbuyers'],
    ['a buyer', buyer, '/dash/admin/allbuyers'],
  ])(
    'sends %s away from %s alike: to the login page, told it needs another account',
    async (_, user, page) => {
      answer({ 'GET /me': aMe(user) });
      const { pathname } = renderRoutes(routes, { initialEntries: [page] });
      expect(
        await screen.findByText(`Login page; back to ${page}; needs another account`),
      ).toBeInTheDocument();
      expect(pathname()).toBe('/user/login');
    },
  );

  it('lets a buyer open a buyer-only page', async () => {
    answer({ 'GET /me': aMe(buyer) });
    renderRoutes(routes, { initialEntries: ['/buyer/bookings/b1'] });
    expect(await screen.findByText('Pay page')).toBeInTheDocument();
  });

  it('sends a signed-out visitor away from an admin page to the login page', async () => {
    answer({ 'GET /me': null });
    renderRoutes(routes, { initialEntries: ['/dash/admin/allbuyers'] });
    expect(await screen.findByText('Login page; back to /dash/admin/allbuyers')).toBeInTheDocument();
  });

  describe('on the page whose guards the server checked (a page rendered for every signed-in visitor)', () => {
    /** The routes above, under the path the server rendered, as main.tsx gives it. */
    const checked = (path: string) => [
      {
        element: (
          <ServerCheckedPathContext value={path}>
            <Outlet />
          </ServerCheckedPathContext>
        ),
        children: routes,
      },
    ];
    /** The session's answer, held back until the function returned is called with it. */
    function holdMe() {
      let release = (_me: Me | null) => {};
      const held = new Promise<Me | null>((resolve) => {
        release = resolve;
      });
      answer({ 'GET /me': () => held });
      return release;
    }

    it('renders the page while the session loads, and still sends a visitor it turns out signed out to sign in', async () => {
      const answerMe = holdMe();
      const { pathname } = renderRoutes(checked('/dash'), { initialEntries: ['/dash?tab=1'] });
      expect(screen.getByText('Dashboard content')).toBeInTheDocument();
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      answerMe(null);
      expect(await screen.findByText('Login page; back to /dash?tab=1')).toBeInTheDocument();
      expect(pathname()).toBe('/user/login');
    });

    it('renders the role page while the session loads, then applies the role', async () => {
      const answerMe = holdMe();
      renderRoutes(checked('/buyer/bookings/b1'), { initialEntries: ['/buyer/bookings/b1'] });
      expect(screen.getByText('Pay page')).toBeInTheDocument();
      answerMe(aMe(seller));
      expect(
        await screen.findByText('Login page; back to /buyer/bookings/b1; needs another account'),
      ).toBeInTheDocument();
    });

    it('shows the progress bar on any other page', async () => {
      holdMe();
      renderRoutes(checked('/dash'), { initialEntries: ['/dash/admin/allbuyers'] });
      expect(screen.getByRole('progressbar')).toBeInTheDocument();
      expect(screen.queryByText('All buyers')).not.toBeInTheDocument();
    });
  });
});
