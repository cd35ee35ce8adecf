import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aCar } from '../../testing/fixtures/car.ts';
import { aSearchResult } from '../../testing/fixtures/search.ts';
import { aSellerProfile } from '../../testing/fixtures/seller.ts';
import { aMe } from '../../testing/fixtures/user.ts';
import { type Answers, answer, apiError } from '../../testing/network.ts';
import { renderRoutes } from '../../testing/test-utils.tsx';
import SellerPage from './seller.tsx';

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
});
