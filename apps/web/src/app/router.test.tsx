import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../testing/network.ts';
import { renderRoutes } from '../testing/test-utils.tsx';
import { routes } from './router.tsx';

describe('routes', () => {
  it("shows a progress bar while the next page's code loads, then the page", async () => {
    answer({ 'GET /me': null, 'GET /categories': [], 'GET /advertise': { items: [], nextCursor: null } });
    renderRoutes(routes, { initialEntries: ['/'] });
    const nav = (await screen.findAllByRole('navigation', { name: 'Main' }))[0]!;

    await userEvent.click(within(nav).getByRole('link', { name: 'Contact Us' }));

    expect(await screen.findByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading page' })).not.toBeInTheDocument();
  });
});
