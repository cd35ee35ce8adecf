import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buyer, seller } from '../../testing/fixtures/user.ts';
import { json, mockFetch, renderRoutes } from '../../testing/test-utils.tsx';
import { routes } from '../router.tsx';

describe('dashboard', () => {
  it("welcomes a seller by name and lists the seller's menu", async () => {
    mockFetch({ '/api/me': json(seller) });
    renderRoutes(routes, { initialEntries: ['/dash'] });

    expect(await screen.findByRole('heading', { name: 'Welcome, Sam Seller' })).toBeTruthy();
    expect(screen.getByText('Verified')).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    for (const label of ['Post a Car', 'My Posts', 'Test drive requests']) {
      expect(within(menu).getByRole('link', { name: label })).toBeTruthy();
    }
    expect(within(menu).queryByRole('link', { name: 'My Bookings' })).toBeNull();
  });

  it('opens a buyer page for a buyer and shows the signed-in navbar', async () => {
    mockFetch({ '/api/me': json(buyer) });
    renderRoutes(routes, { initialEntries: ['/dash/buyer/saved'] });

    expect(await screen.findByRole('heading', { level: 1, name: 'Saved Cars' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Dashboard' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: 'Sign Out' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Get started' })).toBeNull();
  });
});
