import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { aCar } from '../../testing/fixtures/car.ts';
import { aCategory } from '../../testing/fixtures/category.ts';
import { sellerRatings } from '../../testing/fixtures/review.ts';
import { aSearchResult } from '../../testing/fixtures/search.ts';
import { aMe } from '../../testing/fixtures/user.ts';
import { answer, requests } from '../../testing/network.ts';
import { renderRoutes } from '../../testing/test-utils.tsx';
import CategoryPage from './category.tsx';

// The cards' sellers' ratings, unless a test answers them otherwise.
beforeEach(() => answer({ 'GET /sellers/ratings': sellerRatings() }));

const categories = [aCategory()];
const renderCategory = (id = 'sports') =>
  renderRoutes(
    [
      { path: '/categories', element: <p>All categories page</p> },
      { path: '/category/:id', Component: CategoryPage },
    ],
    { initialEntries: [`/category/${id}`] },
  );

describe('CategoryPage', () => {
  it("shows the category's name and its cars as cards linking to each car, searched within the category", async () => {
    const car = aCar();
    answer({
      'GET /me': aMe(),
      'GET /categories': categories,
      'GET /cars/search': aSearchResult({ items: [car] }),
      'POST /listing-activity': { recorded: 1 },
    });
    renderCategory('sports?fuel=Petrol');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sports cars' })).toBeInTheDocument();
    expect((await screen.findByRole('link', { name: 'Porsche 911 GT3 Touring' })).getAttribute('href')).toBe(
      `/cars/id/${car.id}`,
    );
    expect(screen.getByText('1 car')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove filter: Petrol' })).toBeInTheDocument();
    const asked = requests().map(({ path, query }) => `${path}?${query}`);
    expect(asked).toContain('/cars/search?category=sports&fuel=Petrol&limit=12');
  });

  it('shows an empty state when the category has no cars', async () => {
    answer({
      'GET /me': null,
      'GET /categories': categories,
      'GET /cars/search': aSearchResult({ items: [] }),
    });
    renderCategory();
    expect(await screen.findByText('No cars in this category yet')).toBeInTheDocument();
  });

  it('goes to all categories from Back when opened directly', async () => {
    answer({
      'GET /me': null,
      'GET /categories': categories,
      'GET /cars/search': aSearchResult({ items: [] }),
    });
    renderCategory();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('All categories page')).toBeInTheDocument();
  });

  it('shows the 404 page for an unknown category', async () => {
    answer({
      'GET /me': null,
      'GET /categories': categories,
      'GET /cars/search': aSearchResult({ items: [] }),
    });
    renderCategory('nope');
    expect(await screen.findByText("Looks like this page doesn't exist!")).toBeInTheDocument();
  });
});
