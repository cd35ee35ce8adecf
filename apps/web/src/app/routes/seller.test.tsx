import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aCar } from '../../testing/fixtures/car.ts';
import { aReview, sellerRatings } from '../../testing/fixtures/review.ts';
import { aSearchResult } from '../../testing/fixtures/search.ts';
import { aDealer, aSellerProfile } from '../../testing/fixtures/seller.ts';
import { aMe } from '../../testing/fixtures/user.ts';
import { type Answers, answer, apiError } from '../../testing/network.ts';
import { renderRoutes } from '../../testing/test-utils.tsx';
import SellerPage from './seller.tsx';

// The cards' sellers' ratings and the seller's reviews, unless a test answers them otherwise.
beforeEach(() =>
  answer({
    'GET /sellers/ratings': sellerRatings(),
    'GET /sellers/:id/reviews': { items: [], nextCursor: null },
  }),
);

const seller = aSellerProfile({ carsForSale: 2 });
const cars = [aCar({ id: 'car-1', model: '911 GT3' }), aCar({ id: 'car-2', model: 'Cayman GT4' })];

const renderSeller = (id = seller.id) =>
  renderRoutes([{ path: '/sellers/:id', Component: SellerPage }], { initialEntries: [`/sellers/${id}`] });

/** `GET /api/cars/search?seller=…` answering `pages` in turn (by cursor), each with the total. */
function searchBySeller(pages: (typeof cars)[]): Answers['GET /cars/search'] {
  const total = pages.flat().length;
  return ({ query }) => {
    const index = Number(query.get('cursor') ?? 0);
    expect(query.get('seller')).toBe(seller.id);
    expect(query.get('sort')).toBe('newest');
    const next = index + 1 < pages.length ? String(index + 1) : null;
    return aSearchResult({ items: pages[index] ?? [], nextCursor: next, total });
  };
}

describe('SellerPage', () => {
  it('shows the seller, verified, since when they are a member, and their cars for sale with a count', async () => {
    answer({
      'GET /me': aMe(),
      'GET /sellers/:id': seller,
      'GET /cars/search': searchBySeller([cars]),
    });
    renderSeller();

    const name = await screen.findByRole('heading', { level: 1, name: 'Sam Seller' });
    const header = name.closest('header') as HTMLElement;
    expect(within(header).getByText('Verified').textContent).toBe('Verified seller');
    expect(within(header).getByText(/Member since/).textContent).toBe('Member since June 2024');
    const heading = await screen.findByRole('heading', { level: 2, name: /^Cars for sale/ });
    expect(heading.textContent).toBe('Cars for sale 2 cars');
    const list = screen.getByRole('list', { name: 'Cars for sale by Sam Seller' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'Porsche Cayman GT4' }).getAttribute('href')).toBe(
      '/cars/id/car-2',
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('loads more of their cars on request', async () => {
    answer({
      'GET /me': aMe(),
      'GET /sellers/:id': seller,
      'GET /cars/search': searchBySeller([cars.slice(0, 1), cars.slice(1)]),
    });
    renderSeller();

    expect(await screen.findByText('Showing 1 of 2 cars')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing 2 of 2 cars')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says so when the seller has nothing for sale', async () => {
    answer({
      'GET /me': aMe(),
      'GET /sellers/:id': { ...seller, carsForSale: 0 },
      'GET /cars/search': searchBySeller([[]]),
    });
    renderSeller();
    expect(await screen.findByText('Nothing for sale right now')).toBeInTheDocument();
  });

  it('shows the 404 page for someone who is not a seller', async () => {
    answer({
      'GET /me': aMe(),
      'GET /sellers/:id': apiError(404, 'not_found', 'Not found.'),
      'GET /cars/search': aSearchResult({ items: [] }),
    });
    renderSeller('nobody');
    expect(await screen.findByText("Looks like this page doesn't exist!")).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Cars for sale/ })).not.toBeInTheDocument();
  });

  it("shows the seller's figures and their reviews newest first, each with its answer and Report", async () => {
    const answered = aReview({
      id: 'review-2',
      buyerName: 'Ann Buyer',
      body: 'Friendly, and honest about the scratches.',
      answer: { body: 'Thank you, Ann!', answeredAt: '2026-11-25T10:00:00.000Z' },
    });
    answer({
      'GET /me': aMe(),
      'GET /sellers/:id': {
        ...seller,
        reviews: { count: 2, experience: 4.5, accuracy: 4, communication: 5, overall: 4.5 },
      },
      'GET /cars/search': searchBySeller([cars]),
      'GET /sellers/:id/reviews': { items: [answered, aReview()], nextCursor: null },
    });
    renderSeller();

    const section = (await screen.findByRole('heading', { level: 2, name: 'Reviews' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(section).getByRole('img', { name: '4.5 out of 5 stars' })).toBeInTheDocument();
    expect(within(section).getByText('2 reviews')).toBeInTheDocument();
    const list = await within(section).findByRole('list', { name: 'Reviews of Sam Seller' });
    const reviews = within(list).getAllByRole('article');
    expect(reviews.map((review) => review.id)).toEqual(['review-review-2', 'review-review-1']);
    expect(within(reviews[0]!).getByRole('heading', { name: 'Ann Buyer' })).toBeInTheDocument();
    expect(within(reviews[0]!).getByRole('region', { name: 'Answer from Sam Seller' }).textContent).toContain(
      'Thank you, Ann!',
    );
    expect(within(reviews[1]!).queryByRole('region')).toBeNull();

    await userEvent.click(
      within(reviews[1]!).getByRole('button', { name: 'Report the review by Bea Buyer' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Report this review' });
    expect(await within(dialog).findByRole('radio', { name: 'Not about this seller' })).toBeInTheDocument();
  });

  it('says so when the seller has no review yet', async () => {
    answer({ 'GET /me': aMe(), 'GET /sellers/:id': seller, 'GET /cars/search': searchBySeller([cars]) });
    renderSeller();
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /out of 5 stars/ })).toBeNull();
  });

  describe('of a dealer', () => {
    afterEach(() => vi.useRealTimers());

    const renderDealer = async (dealer = aDealer()) => {
      answer({
        'GET /me': aMe(),
        'GET /sellers/:id': { ...seller, verified: false, dealer },
        'GET /cars/search': searchBySeller([cars]),
      });
      renderSeller();
      const name = await screen.findByRole('heading', { level: 1, name: dealer.businessName });
      return name.closest('header') as HTMLElement;
    };

    it("shows the business with the verified dealer's badge, not a private seller's, and how to reach it", async () => {
      const header = await renderDealer();
      expect(within(header).getByText('Verified dealer')).toBeInTheDocument();
      expect(within(header).queryByText('Verified')).not.toBeInTheDocument();
      expect(within(header).getByText('Sold by Sam Seller')).toBeInTheDocument();
      expect(within(header).getByText('9000 Wilshire Blvd, Beverly Hills, CA 90210')).toBeInTheDocument();
      // Its formatter loads beside the page (dealer-phone.tsx).
      expect(
        (await within(header).findByRole('link', { name: '+1 310 555 0142' })).getAttribute('href'),
      ).toBe('tel:+13105550142');
      const website = within(header).getByRole('link', { name: 'sunset-motors.example.com' });
      expect(website.getAttribute('href')).toBe('https://sunset-motors.example.com');
      expect(website.getAttribute('rel')).toBe('nofollow ugc noopener');
      expect(within(header).getByText('Family-run since 1987.')).toBeInTheDocument();
      const hours = within(header).getByRole('table');
      expect(within(hours).getByRole('row', { name: 'Friday 09:00–12:00, 13:00–19:00' })).toBeInTheDocument();
      expect(within(hours).getByRole('row', { name: 'Sunday Closed' })).toBeInTheDocument();
      // Its cars follow, as a private seller's do.
      expect(await screen.findByRole('list', { name: 'Cars for sale by Sam Seller' })).toBeInTheDocument();
    });

    it("searches within the dealer's cars with the search's filters, the dealer staying out of the address", async () => {
      const asked: URLSearchParams[] = [];
      answer({
        'GET /me': aMe(),
        'GET /sellers/:id': { ...seller, dealer: aDealer() },
        'GET /cars/search': ({ query }) => {
          asked.push(query);
          const electric = query.get('fuel') === 'Electric';
          return aSearchResult({ items: electric ? cars.slice(1) : cars, total: electric ? 1 : 2 });
        },
      });
      const view = renderSeller();
      const heading = await screen.findByRole('heading', {
        level: 2,
        name: 'Cars for sale at Sunset Motors',
      });
      const section = heading.closest('section') as HTMLElement;
      expect(await within(section).findByText('2 cars')).toBeInTheDocument();
      const filters = within(section).getByRole('complementary', { name: 'Filters' });
      await userEvent.click(within(filters).getByRole('checkbox', { name: 'Electric 1 car' }));
      expect(await within(section).findByText('1 car')).toBeInTheDocument();
      const last = asked.at(-1)!;
      expect([last.get('seller'), last.get('fuel'), last.get('sort')]).toEqual([
        seller.id,
        'Electric',
        'newest',
      ]);
      expect(within(section).getByRole('list', { name: 'Cars for sale by Sam Seller' })).toBeInTheDocument();
      expect(view.search()).toBe('?fuel=Electric&sort=newest');
    });

    it('says whether it is open now, in its own time zone', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      // Monday 17:30 in Los Angeles, 20:30 in New York.
      vi.setSystemTime(new Date('2026-12-01T01:30:00Z'));
      const header = await renderDealer();
      expect(within(header).getByText('Open now')).toBeInTheDocument();
    });

    it('says it is closed now outside its hours', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-12-01T03:30:00Z')); // Monday 19:30 in Los Angeles
      const header = await renderDealer();
      expect(within(header).getByText('Closed now')).toBeInTheDocument();
    });

    it('shows the hours without "open now" where its time zone is not known, and no badge before verification', async () => {
      const header = await renderDealer(aDealer({ timeZone: null, verifiedAt: null }));
      expect(within(header).getByRole('table')).toBeInTheDocument();
      expect(within(header).queryByText(/now$/)).not.toBeInTheDocument();
      expect(within(header).queryByText('Verified dealer')).not.toBeInTheDocument();
    });
  });
});
