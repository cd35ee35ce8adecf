import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appKeys } from '../../lib/query-keys.ts';
import { aMe } from '../../testing/fixtures/user.ts';
import { layoutAnswers } from '../../testing/layout-answers.ts';
import { answer, requests } from '../../testing/network.ts';
import { renderRoutes } from '../../testing/test-utils.tsx';
import { routes } from '../router.tsx';

describe('Navbar', () => {
  it('offers Sign in and Get started to a signed-out visitor', async () => {
    answer({ 'GET /me': null, 'GET /categories': [] });
    renderRoutes(routes, { initialEntries: ['/blog'] });

    const getStarted = await screen.findByRole('link', { name: 'Get started' });
    expect(getStarted.getAttribute('href')).toBe('/user/signup');
    // In the bar, and in the phone's menu (CSS shows one of them).
    const signIn = within(screen.getByRole('banner')).getAllByRole('link', { name: 'Sign in' });
    expect(signIn.map((link) => link.getAttribute('href'))).toEqual(['/user/login', '/user/login']);
    expect(screen.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
  });

  it('Get started brings the visitor back to the page they were on once they have signed up', async () => {
    let signedIn = false;
    answer({
      ...layoutAnswers(() => (signedIn ? aMe() : null)),
      'GET /config': {
        googleSignIn: false,
        browsing: 'public',
        units: 'imperial',
        payments: { provider: 'test' },
      },
    });
    const { pathname, queryClient } = renderRoutes(routes, { initialEntries: ['/blog'] });

    await userEvent.click(await screen.findByRole('link', { name: 'Get started' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    signedIn = true;
    await queryClient.invalidateQueries({ queryKey: appKeys.me });

    await waitFor(() => expect(pathname()).toBe('/blog'));
  });

  it('signs a user out from the dashboard and lands on the home page, signed out', async () => {
    let signedIn = true;
    answer({
      ...layoutAnswers(() => (signedIn ? aMe() : null)),
      'POST /auth/sign-out': { success: true },
      'GET /advertise': { items: [], nextCursor: null },
    });
    const { pathname } = renderRoutes(routes, { initialEntries: ['/dash'] });

    await screen.findByRole('heading', { name: 'Welcome, Bea Buyer' });
    signedIn = false;
    await userEvent.click(screen.getAllByRole('button', { name: 'Sign Out' })[0]!);

    await waitFor(() => expect(pathname()).toBe('/'));
    expect(requests().filter((request) => request.path === '/auth/sign-out')).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'Get started' })).toBeInTheDocument();
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
  });

  it('closes the phone menu when one of its links leads to another page', async () => {
    answer({ 'GET /me': null, 'GET /categories': [] });
    const { pathname } = renderRoutes(routes, { initialEntries: ['/blog'] });

    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const toggle = screen.getByRole('button', { name: 'Close menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    await userEvent.click(within(menu).getByRole('link', { name: 'About' }));

    await waitFor(() => expect(pathname()).toBe('/about'));
    expect(screen.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
  });
});
