import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { buyer, json, mockFetch, renderRoutes, unauthorized } from '../../testing/test-utils.tsx';

const signOut = vi.hoisted(() => vi.fn());

vi.mock('../../lib/auth-client.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/auth-client.ts')>();
  return { ...actual, authClient: { signOut } };
});

describe('Navbar', () => {
  it('offers Get started to a signed-out visitor', async () => {
    mockFetch({ '/api/me': unauthorized, '/api/categories': json([]) });
    renderRoutes(routes, { initialEntries: ['/blog'] });

    const getStarted = await screen.findByRole('link', { name: 'Get started' });
    expect(getStarted.getAttribute('href')).toBe('/user/signup');
    expect(screen.queryByRole('button', { name: 'Sign Out' })).toBeNull();
  });

  it('signs a user out from the dashboard and lands on the home page, signed out', async () => {
    signOut.mockResolvedValue({ data: { success: true }, error: null });
    let signedIn = true;
    mockFetch({
      '/api/me': () => (signedIn ? json(buyer) : unauthorized),
      '/api/categories': json([]),
    });
    const { router } = renderRoutes(routes, { initialEntries: ['/dash'] });

    await screen.findByRole('heading', { name: 'Welcome, Bea Buyer' });
    signedIn = false;
    await userEvent.click(screen.getAllByRole('button', { name: 'Sign Out' })[0]!);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(signOut).toHaveBeenCalledOnce();
    expect(await screen.findByRole('link', { name: 'Get started' })).toBeTruthy();
    expect(await screen.findByText('Signed out')).toBeTruthy();
  });
});
