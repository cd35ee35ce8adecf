import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aSavedSearch } from '../../../testing/fixtures/saved-search.ts';
import { aSearchResult } from '../../../testing/fixtures/search.ts';
import { buyer } from '../../../testing/fixtures/user.ts';
import { json, mockFetch, renderRoutes } from '../../../testing/test-utils.tsx';
import { routes } from '../../router.tsx';

describe('Saved Searches', () => {
  it("are in the buyer's dashboard menu after Saved Cars, and name each filter as the search's chips do", async () => {
    mockFetch({
      '/api/me': json(buyer),
      '/api/notifications': json({ items: [], nextCursor: null, unread: 0 }),
      '/api/saved-searches': json({
        items: [
          aSavedSearch({ filters: { category: ['sports'], brand: ['porsche'], priceMax: 10_000_000 } }),
        ],
      }),
      // The catalogue's names of categories and brands: the facets of a search that narrows nothing.
      '/api/cars/search': (_init, url) =>
        url.search === '?limit=1'
          ? json(aSearchResult())
          : json({ error: { code: 'bad', message: url.search } }, 400),
    });
    renderRoutes(routes, { initialEntries: ['/dash/buyer/searches'] });

    expect(await screen.findByRole('heading', { level: 1, name: 'Saved Searches' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    const labels = within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels.slice(labels.indexOf('Saved Cars'), labels.indexOf('Saved Cars') + 2)).toEqual([
      'Saved Cars',
      'Saved Searches',
    ]);

    const filters = await screen.findByRole('list', { name: 'Filters' });
    expect(await within(filters).findByText('Sports cars')).toBeInTheDocument();
    expect(
      within(filters)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Sports cars', 'Porsche', 'Up to $100,000']);
  });
});
