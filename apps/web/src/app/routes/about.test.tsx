import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import indexHtml from '../../../index.html?raw';
import { answer } from '../../testing/network.ts';
import { renderRoutes } from '../../testing/test-utils.tsx';
import { routes } from '../router.tsx';

/** Promises Redline does not keep: listings go live unreviewed, and nobody checks a car's papers. */
const UNKEPT_PROMISES =
  /checks? the listing|checked (cars|before)|every car checked|cars?, checked|before a car (is published|goes live)|history check|insurance history|29 min/i;

describe('marketing copy', () => {
  it.each(['/', '/about'])('%s promises no check of a listing before it goes live', async (page) => {
    answer({ 'GET /me': null, 'GET /categories': [], 'GET /advertise': { items: [], nextCursor: null } });
    renderRoutes(routes, { initialEntries: [page] });

    await screen.findByRole('contentinfo');
    expect(document.body.textContent).not.toMatch(UNKEPT_PROMISES);
  });

  it("makes no such promise in the pages' description for search engines", () => {
    expect(indexHtml).not.toMatch(UNKEPT_PROMISES);
  });

  it('says on the About page that a listing is live at once and how reported cars are handled', async () => {
    answer({ 'GET /me': null });
    renderRoutes(routes, { initialEntries: ['/about'] });

    expect(await screen.findByText(/the listing is live the moment you post it/)).toBeInTheDocument();
    expect(screen.getByText(/Listings are not reviewed before they go live/)).toBeInTheDocument();
  });
});
