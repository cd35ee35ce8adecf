import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aMe, seller } from '../../testing/fixtures/user.ts';
import { layoutAnswers } from '../../testing/layout-answers.ts';
import { answer } from '../../testing/network.ts';
import { renderRoutes } from '../../testing/test-utils.tsx';
import { routes } from '../router.tsx';

describe('dashboard', () => {
  it("welcomes a seller by name and lists the seller's menu", async () => {
    answer(layoutAnswers(aMe(seller)));
    renderRoutes(routes, { initialEntries: ['/dash'] });

    expect(await screen.findByRole('heading', { name: 'Welcome, Sam Seller' })).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    for (const label of ['Post a Car', 'My Posts', 'Test drive requests']) {
      expect(within(menu).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(within(menu).queryByRole('link', { name: 'My Bookings' })).not.toBeInTheDocument();
  });

  it('opens a buyer page for a buyer and shows the signed-in navbar', async () => {
    answer({ ...layoutAnswers(aMe()), 'GET /savedpost/user/:email': { items: [], nextCursor: null } });
    renderRoutes(routes, { initialEntries: ['/dash/buyer/saved'] });

    expect(await screen.findByRole('heading', { level: 1, name: 'Saved Cars' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Dashboard' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: 'Sign Out' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Get started' })).not.toBeInTheDocument();
  });

  it('closes the phone drawer when the page changes', async () => {
    answer({ ...layoutAnswers(aMe()), 'GET /savedpost/user/:email': { items: [], nextCursor: null } });
    const { pathname } = renderRoutes(routes, { initialEntries: ['/dash/buyer/saved'] });

    const drawerButton = await screen.findByRole('button', { name: 'Dashboard menu' });
    await userEvent.click(drawerButton);
    expect(drawerButton.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(screen.getAllByRole('link', { name: 'Dashboard' })[0]!);

    await waitFor(() => expect(pathname()).toBe('/dash'));
    expect(screen.getByRole('button', { name: 'Dashboard menu' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });
});
