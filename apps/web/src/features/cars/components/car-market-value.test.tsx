/** The market value on the car page: the estimate, what it stands on, the comparables for sale and sold (issue 48). */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aCarDetail, aMarketValue, someComparables } from '../../../testing/fixtures/car.ts';
import { answer } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { CarMarketValue } from './car-market-value.tsx';

const section = () => screen.getByRole('region', { name: 'Market value' });

describe('the market value on the car page', () => {
  it('says the estimate, its range, how far the price lies from it and which cars it stands on', async () => {
    answer({ 'GET /cars/id/:id/comparables': someComparables() });
    renderWithProviders(<CarMarketValue car={aCarDetail({ marketValue: aMarketValue() })} />);
    expect(await screen.findByRole('img', { name: /Price against mileage/ })).toBeInTheDocument();
    const text = section().textContent;
    expect(text).toContain('Estimate$200,000');
    expect(text).toContain('$180,000 – $222,000');
    expect(text).toContain('$189,500 5% below the estimate');
    expect(text).toContain('Estimated from 8 other Porsche 911 GT3 Touring cars across the country');
    expect(screen.getByRole('heading', { name: 'Market value' }).parentElement?.textContent).toContain(
      'Deal rating: Good deal',
    );
  });

  it("names a make's and a region's comparables in plain words", async () => {
    answer({ 'GET /cars/id/:id/comparables': someComparables() });
    renderWithProviders(
      <CarMarketValue car={aCarDetail({ marketValue: aMarketValue({ family: 'make', area: 'region' }) })} />,
    );
    expect(section().textContent).toContain(
      "8 other Porsche cars (too few of its model) in this car's region of the country",
    );
  });

  it('lists the comparables for sale as links to their pages, in the visitor’s units with their ratings, and sums up the sold ones', async () => {
    answer({ 'GET /cars/id/:id/comparables': someComparables() });
    renderWithProviders(<CarMarketValue car={aCarDetail({ marketValue: aMarketValue() })} />);
    const first = await screen.findByRole('link', { name: /2020 Porsche 911 GT3 Touring/ });
    expect(first).toHaveAttribute('href', '/cars/id/5f0c1a9e-0000-4000-8000-000000000002');
    expect(first.textContent).toBe('2020 Porsche 911 GT3 Touring12,427 mi · Miami, FL$179,000Great deal');
    expect(screen.getByRole('link', { name: /2022 Porsche/ }).textContent).toBe(
      '2022 Porsche 911 GT3 Touring3,107 mi$215,000High price',
    );
    expect(screen.getByRole('heading', { name: 'For sale now (2)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sold (1)' }).parentElement?.textContent).toContain(
      'Median price $165,000',
    );
  });

  it('opens the comparables beyond the first five below them, and says how many more it leaves out', async () => {
    const { forSale } = someComparables();
    const cars = Array.from({ length: 7 }, (_, i) => ({
      ...forSale.cars[0]!,
      id: `5f0c1a9e-0000-4000-8000-0000000001${i}0`,
      year: 2010 + i,
    }));
    answer({ 'GET /cars/id/:id/comparables': someComparables({ forSale: { count: 9, cars } }) });
    renderWithProviders(<CarMarketValue car={aCarDetail({ marketValue: aMarketValue() })} />);
    const more = (await screen.findByText('Show 2 more')).closest('details')!;
    expect(more).not.toHaveAttribute('open');
    expect(
      within(more)
        .getAllByRole('link', { hidden: true })
        .map((link) => link.textContent),
    ).toEqual([expect.stringMatching(/^2015 Porsche/), expect.stringMatching(/^2016 Porsche/)]);
    expect(section().textContent).toContain('And 2 more, further from this car in year and mileage.');
  });

  it('says why there is no estimate and what would give the car one', async () => {
    answer({
      'GET /cars/id/:id/comparables': someComparables({
        marketValue: aMarketValue({ estimate: null, low: null, high: null, rating: 'none', comparables: 3 }),
        sold: { count: 0, medianPrice: null, points: [] },
      }),
    });
    renderWithProviders(
      <CarMarketValue
        car={aCarDetail({
          marketValue: aMarketValue({
            estimate: null,
            low: null,
            high: null,
            rating: 'none',
            comparables: 3,
          }),
        })}
      />,
    );
    expect(await screen.findByRole('img', { name: /Price against mileage/ })).toBeInTheDocument();
    const text = section().textContent;
    expect(text).toContain(
      'Not enough data for an estimate. Redline has 3 other Porsche cars for sale or sold, and an estimate needs at least 5 of the same make or model. This car gets one when more Porsche cars are posted or sold.',
    );
    expect(text).not.toContain('Estimated from');
    expect(text).toContain('None of them has sold on Redline yet.');
  });

  it('says when its make has cars enough but its model too few, in a make whose models differ in price', async () => {
    const marketValue = aMarketValue({
      estimate: null,
      low: null,
      high: null,
      rating: 'none',
      family: 'make',
      comparables: 12,
    });
    answer({ 'GET /cars/id/:id/comparables': someComparables({ marketValue }) });
    renderWithProviders(<CarMarketValue car={aCarDetail({ brand: 'BMW', model: 'i3', marketValue })} />);
    expect(await screen.findByRole('img', { name: /Price against mileage/ })).toBeInTheDocument();
    expect(section().textContent).toContain(
      "Not enough data for an estimate. Redline has 12 other BMW cars for sale or sold, but fewer than 5 BMW i3 cars, and BMW's models differ too much in price to value this one by them. It gets an estimate when more BMW i3 cars are posted or sold.",
    );
  });

  it('shows nothing, and asks for nothing, for a car without a value (sold, or not fitted yet)', () => {
    const { container } = renderWithProviders(<CarMarketValue car={aCarDetail({ marketValue: null })} />);
    expect(container.textContent).not.toMatch(/market value/i);
  });
});
