/** The seller's Performance pages (issue 49): their figures summed, per car for sale, and one car's. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  aComparison,
  aListingCar,
  aListingStats,
  aListingStatsLine,
  aSellerStats,
  LISTING_CAR_ID,
  someCounts,
  someDays,
} from '../../../testing/fixtures/listing-stats.ts';
import { aMe } from '../../../testing/fixtures/user.ts';
import { layoutAnswers } from '../../../testing/layout-answers.ts';
import { answer, apiError } from '../../../testing/network.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { routes } from '../../router.tsx';

const sellerMe = aMe({ role: 'Seller', name: 'Sam Seller' });
const OTHER_CAR_ID = '9d2e4f60-1b3c-4a5d-8e7f-0a1b2c3d4e5f';

/** The tile of `label`: its figure and trend, as read. */
const tile = (label: string) =>
  within(screen.getByLabelText(/^Totals of the last 30 days/))
    .getByText(label, { selector: 'dt' })
    .closest('div')!;

describe('Performance: the seller’s figures summed, and each car for sale', () => {
  it('shows the totals of 30 days as tiles with their trend, the chart per day, and each car with its sentence', async () => {
    answer({
      ...layoutAnswers(sellerMe),
      'GET /listing-stats': aSellerStats(),
      'GET /listing-stats/cars': { items: [aListingStatsLine()], nextCursor: null },
    });
    renderRoutes(routes, { initialEntries: ['/dash/seller/performance'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Performance' })).toBeInTheDocument();
    await screen.findByLabelText(/^Totals of the last 30 days/);
    expect(tile('Shown in search')).toHaveTextContent('1,240↑Up 24% on the 30 days before');
    expect(tile('Page views')).toHaveTextContent('150↓Down 25% on the 30 days before');
    expect(tile('Leads')).toHaveTextContent(
      '14↑Up 100% on the 30 days before8 saves · 3 messages · 1 offer · 2 test drives',
    );
    expect(tile('Cars for sale')).toHaveTextContent('3');
    expect(screen.getByRole('img', { name: 'Page views and leads per day' })).toBeInTheDocument();

    const line = (await screen.findByRole('link', { name: '2019 Porsche Cayenne' })).closest('li')!;
    expect(screen.getByRole('link', { name: '2019 Porsche Cayenne' }).getAttribute('href')).toBe(
      `/dash/seller/performance/${LISTING_CAR_ID}`,
    );
    expect(line).toHaveTextContent('$62,000For sale');
    expect(line).toHaveTextContent('Shown in search600Page views60↑Up 25% on the 30 days beforeLeads5');
    expect(
      within(line).getByRole('img', { name: 'Page views a day, last 30 days' }),
    ).toHaveAccessibleDescription('17 in all, at most 12 in a day; 12 today.');
    expect(within(line).getByTestId('comparison')).toHaveTextContent(
      'Your 2019 Porsche Cayenne gets half the views of other Porsche Cayenne listings: its price is 12% above its market value.',
    );
  });

  it('loads more cars a page at a time; says so when a car has too few similar cars, or is new to the figures', async () => {
    answer({
      ...layoutAnswers(sellerMe),
      'GET /listing-stats': aSellerStats(),
      'GET /listing-stats/cars': ({ query }) =>
        query.get('cursor') === 'next'
          ? {
              items: [
                aListingStatsLine({
                  car: aListingCar({ id: OTHER_CAR_ID, name: '2022 Mazda MX-5', status: 'reserved' }),
                  previousTotals: someCounts(),
                  comparison: null,
                }),
              ],
              nextCursor: null,
            }
          : {
              items: [
                aListingStatsLine({
                  comparison: aComparison({
                    similarBy: 'category',
                    viewsPerDay: 9,
                    price: { basis: 'rank', cheaperCars: 3, of: 7 },
                  }),
                }),
              ],
              nextCursor: 'next',
            },
    });
    renderRoutes(routes, { initialEntries: ['/dash/seller/performance'] });
    const first = (await screen.findByRole('link', { name: '2019 Porsche Cayenne' })).closest('li')!;
    expect(within(first).getByTestId('comparison')).toHaveTextContent(
      'Your 2019 Porsche Cayenne gets 2 times the views of similar cars in its category and price range: it is priced above 3 of 7 similar cars.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const line = (await screen.findByRole('link', { name: '2022 Mazda MX-5' })).closest('li')!;
    expect(line).toHaveTextContent('Reserved');
    expect(line).toHaveTextContent('Page views60New: none in the 30 days before');
    expect(within(line).getByTestId('comparison')).toHaveTextContent(
      'Too few similar cars are for sale to compare it with yet.',
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('leads a seller with no cars to post one', async () => {
    answer({
      ...layoutAnswers(sellerMe),
      'GET /listing-stats': aSellerStats({
        days: someDays(() => ({})),
        totals: someCounts(),
        previousTotals: someCounts(),
        carsForSale: 0,
      }),
      'GET /listing-stats/cars': { items: [], nextCursor: null },
    });
    renderRoutes(routes, { initialEntries: ['/dash/seller/performance'] });
    const empty = (await screen.findByRole('heading', { name: 'No cars for sale' })).parentElement!;
    expect(within(empty).getByRole('link', { name: 'Post a Car' }).getAttribute('href')).toBe(
      '/dash/seller/addproduct',
    );
    expect(screen.queryByRole('img', { name: 'Page views and leads per day' })).not.toBeInTheDocument();
  });
});

describe('Performance of one car', () => {
  it('shows the car, its tiles with their trend, how it compares, its chart per day and its funnel', async () => {
    answer({ ...layoutAnswers(sellerMe), 'GET /listing-stats/cars/:id': aListingStats() });
    renderRoutes(routes, { initialEntries: [`/dash/seller/performance/${LISTING_CAR_ID}`] });
    expect(
      await screen.findByRole('heading', { level: 1, name: '2019 Porsche Cayenne' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See its page' }).getAttribute('href')).toBe(
      `/cars/id/${LISTING_CAR_ID}`,
    );
    expect(tile('Page views')).toHaveTextContent('150↓Down 25% on the 30 days before');
    expect(tile('Lead rate')).toHaveTextContent('9%');
    expect(screen.getByRole('region', { name: 'Beside similar cars' })).toHaveTextContent(
      'Your 2019 Porsche Cayenne gets half the views of other Porsche Cayenne listings: its price is 12% above its market value.',
    );
    expect(screen.getByRole('img', { name: 'Page views and leads per day' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'From search results to leads' })).toHaveAccessibleDescription(
      expect.stringContaining('150 page views, 12% of impressions; 14 leads, 9% of views'),
    );
  });

  it('says a sold car is no longer compared', async () => {
    answer({
      ...layoutAnswers(sellerMe),
      'GET /listing-stats/cars/:id': aListingStats({
        car: aListingCar({ status: 'sold' }),
        comparison: null,
      }),
    });
    renderRoutes(routes, { initialEntries: [`/dash/seller/performance/${LISTING_CAR_ID}`] });
    expect(await screen.findByRole('region', { name: 'Beside similar cars' })).toHaveTextContent(
      'Sold: it is no longer compared with the cars for sale.',
    );
  });

  it('shows the not-found page for a car that does not exist, and says another seller’s car is not theirs', async () => {
    answer({
      ...layoutAnswers(sellerMe),
      'GET /listing-stats/cars/:id': ({ params }) =>
        params.id === OTHER_CAR_ID
          ? apiError(403, 'forbidden', 'This car is not yours.')
          : apiError(404, 'not_found', 'The car was not found.'),
    });
    const missing = renderRoutes(routes, { initialEntries: [`/dash/seller/performance/${LISTING_CAR_ID}`] });
    expect(await screen.findByText("Looks like this page doesn't exist!")).toBeInTheDocument();
    missing.unmount();
    renderRoutes(routes, { initialEntries: [`/dash/seller/performance/${OTHER_CAR_ID}`] });
    expect(await screen.findByRole('heading', { name: 'This car is not one of yours' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'From search results to leads' })).not.toBeInTheDocument();
  });
});
