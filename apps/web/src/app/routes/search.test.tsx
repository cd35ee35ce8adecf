import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { aCar } from '../../testing/fixtures/car.ts';
import { aCategory } from '../../testing/fixtures/category.ts';
import { aPublicConfig } from '../../testing/fixtures/config.ts';
import { sellerRatings } from '../../testing/fixtures/review.ts';
import { aSavedSearch } from '../../testing/fixtures/saved-search.ts';
import { aSearchResult } from '../../testing/fixtures/search.ts';
import { aMe } from '../../testing/fixtures/user.ts';
import { type Answers, answer, requests } from '../../testing/network.ts';
import { renderRoutes } from '../../testing/test-utils.tsx';
import { routes } from '../router.tsx';

// The cards' sellers' ratings, unless a test answers them otherwise.
beforeEach(() => answer({ 'GET /sellers/ratings': sellerRatings() }));

/** The page at `url` for a buyer; `saved()` is what Save this search sent, `searched()` the searches' queries. */
function renderPage(url: string, more: Answers = {}) {
  let body: unknown;
  answer({
    'GET /me': aMe(),
    'GET /categories': [aCategory()],
    'GET /notifications': { items: [], nextCursor: null, unread: 0 },
    'GET /cars/search': aSearchResult(),
    'GET /config': aPublicConfig(),
    'POST /listing-activity': { recorded: 1 },
    'POST /saved-searches': (request) => {
      body = request.body;
      return aSavedSearch();
    },
    ...more,
  });
  renderRoutes(routes, { initialEntries: [url] });
  const searched = () =>
    requests()
      .filter((request) => request.path === '/cars/search')
      .map((request) => request.query);
  return { saved: () => body, searched };
}

describe('The search page', () => {
  it('shows results for a text with words to search', async () => {
    const { searched } = renderPage('/cars?q=porsche');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Results for “porsche”' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(searched().at(-1)?.get('q')).toBe('porsche'));
  });

  it('says a text of only emoji or punctuation has nothing to search for, and shows all cars', async () => {
    for (const text of ['😀', '?!…', '😀 a']) {
      const { searched } = renderPage(`/cars?q=${encodeURIComponent(text)}`);
      expect(await screen.findByRole('heading', { level: 1, name: 'All cars for sale' })).toBeInTheDocument();
      expect(
        screen.getByText(`Nothing to search for in “${text}”. Search for a make, model or word.`),
      ).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: /Results for/ })).not.toBeInTheDocument();
      await waitFor(() => expect(searched().length).toBeGreaterThan(0));
      expect(searched().every((query) => !query.has('q'))).toBe(true);
      cleanup();
    }
  });
});

describe("The search page's cards (issue 49, reviews)", () => {
  it("show each seller's compact rating, read once for the page's sellers", async () => {
    const cars = [
      aCar({ id: 'car-1', sellerId: 'seller-sam', seller: 'Sam Seller' }),
      aCar({ id: 'car-2', sellerId: 'seller-sam', seller: 'Sam Seller' }),
      aCar({ id: 'car-3', sellerId: 'seller-new', seller: 'Nia New' }),
    ];
    renderPage('/cars', {
      'GET /cars/search': aSearchResult({ items: cars, total: 3 }),
      'GET /sellers/ratings': sellerRatings([{ sellerId: 'seller-sam', count: 12, overall: 4.64 }]),
    });
    const cards = await screen.findAllByTestId('car-card');
    await waitFor(() => expect(cards[0]!.textContent).toContain('Rated 4.6 out of 5 from 12 reviews'));
    expect(cards[1]!.textContent).toContain('Rated 4.6 out of 5 from 12 reviews');
    expect(cards[2]!.textContent).not.toContain('Rated');
    const reads = requests().filter((request) => request.path === '/sellers/ratings');
    expect(reads.map((read) => read.query.get('ids'))).toEqual(['seller-sam,seller-new']);
  });
});

describe('The search page records what it showed (issue 49)', () => {
  it('tells the server the cars of each page of results once, as it shows them: a page loaded by Load more too', async () => {
    const [first, second, third] = ['1', '2', '3'].map((n) =>
      aCar({ id: `5f0c1a9e-0000-4000-8000-00000000010${n}`, model: `Model ${n}` }),
    );
    renderPage('/cars?q=porsche', {
      'GET /cars/search': ({ query }) =>
        query.get('cursor') === 'page-2'
          ? aSearchResult({ items: [third!], total: 3 })
          : aSearchResult({ items: [first!, second!], total: 3, nextCursor: 'page-2' }),
    });
    const recorded = () =>
      requests()
        .filter((request) => request.path === '/listing-activity')
        .map((request) => request.body);
    await waitFor(() => expect(recorded()).toEqual([{ shown: [first!.id, second!.id] }]));
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(recorded()).toEqual([{ shown: [first!.id, second!.id] }, { shown: [third!.id] }]),
    );
    expect(await screen.findByText('Showing 3 of 3 cars')).toBeInTheDocument();
    expect(recorded()).toHaveLength(2);
  });
});

async function saveThisSearch() {
  await userEvent.click(await screen.findByRole('button', { name: 'Save this search' }));
  const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
  const name = (await within(dialog).findByRole('textbox', { name: 'Name' })) as HTMLInputElement;
  const suggested = name.value;
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save search' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  return suggested;
}

describe('Save this search', () => {
  it('names the search as its chips do and saves its filters, not its order', async () => {
    const { saved } = renderPage('/cars?brand=porsche&fuel=Electric&priceMax=10000000&sort=price_asc');
    expect(await saveThisSearch()).toBe('Porsche · Electric · Up to $100,000');
    expect(saved()).toEqual({
      name: 'Porsche · Electric · Up to $100,000',
      filters: {
        category: [],
        brand: ['porsche'],
        fuel: ['Electric'],
        rating: [],
        body: [],
        transmission: [],
        drivetrain: [],
        colour: [],
        title: [],
        priceMax: 10_000_000,
        verified: false,
        classic: false,
        delivery: false,
      },
      frequency: 'instant',
    });
  });

  it('names a search by place as its chips do, and saves the place, its radius and delivery', async () => {
    const { saved } = renderPage('/cars?near=90210&radius=50mi&delivery=true&sort=distance');
    expect(await saveThisSearch()).toBe('Within 50 mi of 90210 · Delivers to me');
    expect(saved()).toMatchObject({ filters: { near: '90210', radius: '50mi', delivery: true } });
  });

  it("keeps a category page's category, by its name", async () => {
    const { saved } = renderPage('/category/sports?fuel=Petrol');
    expect(await saveThisSearch()).toBe('Sports cars · Petrol');
    expect(saved()).toMatchObject({ filters: { category: ['sports'], fuel: ['Petrol'] } });
  });

  it('cannot save the whole catalogue', async () => {
    renderPage('/cars?sort=price_desc');
    const button = await screen.findByRole('button', { name: 'Save this search' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
  });
});
