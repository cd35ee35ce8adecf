import type { SavedCar } from '@redline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aSavedCar } from '../../../testing/fixtures/saved-car.ts';
import { answer, apiError } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { REMOVED_MESSAGE } from './save-button.tsx';
import { SavedCarsList } from './saved-cars-list.tsx';

const savedCar = (car: string, carName: string, carSellerVerified: boolean) =>
  aSavedCar({ car, carName, carSellerVerified });

/** Bea's list of saved cars: `items()` as it is now; anyone else's is not found. */
const beasList =
  (items: () => SavedCar[]) =>
  ({ params }: { params: { email: string } }) =>
    params.email === 'bea@example.com'
      ? { items: items(), nextCursor: null }
      : apiError(404, 'not_found', 'Not found.');

describe('SavedCarsList', () => {
  it('lists photo, name and seller with View Details and Compare, and removes a car from saved', async () => {
    let items = [
      savedCar('car-1', '2021 Porsche 911 GT3', true),
      { ...savedCar('car-2', '2019 Ferrari 488 Pista', false), carLocation: null },
    ];
    answer({
      'GET /savedpost/user/:email': beasList(() => items),
      'DELETE /savedpost/:carId': ({ params }) => {
        items = items.filter((p) => p.car !== params.carId);
        return { deletedCount: 1 };
      },
    });
    renderWithProviders(<SavedCarsList email="bea@example.com" />);

    const row = (await screen.findByText('2021 Porsche 911 GT3')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('img', { name: 'The 2021 Porsche 911 GT3' }).getAttribute('src')).toBe(
      '/uploads/car-1-480.webp',
    );
    expect(within(row).getByText('Beverly Hills, CA')).toBeInTheDocument();
    expect(within(row).getByText('Sam Seller')).toBeInTheDocument();
    expect(within(row).getByText('Verified')).toBeInTheDocument();
    expect(
      within(row)
        .getByRole('link', { name: /View Details/ })
        .getAttribute('href'),
    ).toBe('/cars/id/car-1');
    // A saved car can be put on the comparison from here.
    const compare = within(row).getByRole('button', { name: 'Compare 2021 Porsche 911 GT3' });
    await userEvent.click(compare);
    expect(compare).toHaveAttribute('aria-pressed', 'true');
    const other = screen.getByText('2019 Ferrari 488 Pista').closest('tr') as HTMLElement;
    expect(within(other).queryByText('Verified')).not.toBeInTheDocument();
    // A car posted before places shows none.
    expect(within(other).queryByText(/Beverly Hills/)).not.toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: /^Remove from saved/ }));
    expect(await screen.findByText(REMOVED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('2021 Porsche 911 GT3')).not.toBeInTheDocument());
    expect(screen.getByText('2019 Ferrari 488 Pista')).toBeInTheDocument();
  });

  it('shows an empty state with a way to browse', async () => {
    answer({ 'GET /savedpost/user/:email': beasList(() => []) });
    renderWithProviders(<SavedCarsList email="bea@example.com" />);
    expect(await screen.findByText('No saved cars yet')).toBeInTheDocument();
  });
});
