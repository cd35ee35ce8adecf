import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aSavedSearch } from '../../../testing/fixtures/saved-search.ts';
import { aSearchResult } from '../../../testing/fixtures/search.ts';
import { aMe } from '../../../testing/fixtures/user.ts';
import { answer, apiError } from '../../../testing/network.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { routes } from '../../router.tsx';

describe('Saved Searches', () => {
  it("are in the buyer's dashboard menu after Saved Cars, and name each filter as the search's chips do", async () => {
    answer({
      'GET /me': aMe(),
      'GET /notifications': { items: [], nextCursor: null, unread: 0 },
      'GET /saved-searches': {
        items: [
          aSavedSearch({ filters: { category: ['sports'], brand: ['porsche'], priceMax: 10_000_000 } }),
        ],
      },
      // The catalogue's names of categories and brands: the facets of a search that narrows nothing.
      'GET /cars/search': ({ query }) =>
        query.toString() === 'limit=1' ? aSearchResult() : apiError(400, 'bad', `?${query}`),
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
