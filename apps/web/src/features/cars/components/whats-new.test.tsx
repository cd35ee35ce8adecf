import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anAdvertisedCar } from '../../../testing/fixtures/car.ts';
import { answer, requests } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { CarGrid } from './car-grid.tsx';
import { WhatsNew } from './whats-new.tsx';

describe("What's New", () => {
  it('shows the advertised cars as cards and loads the next page on request', async () => {
    const first = anAdvertisedCar({ id: 'a1', brand: 'Ferrari', model: '296 GTB' });
    const second = anAdvertisedCar({ id: 'a2', brand: 'McLaren', model: 'Artura' });
    // The second page is asked for with the first page's cursor.
    answer({
      'GET /advertise': ({ query }) =>
        query.get('cursor') ? { items: [second], nextCursor: null } : { items: [first], nextCursor: 'c1' },
    });
    renderWithProviders(<WhatsNew renderCars={(cars) => <CarGrid cars={cars} label="New arrivals" />} />);

    expect(await screen.findByRole('link', { name: 'Ferrari 296 GTB' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'McLaren Artura' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requests()[1]?.query.get('cursor')).toBe('c1');
  });

  it('says so when nothing is advertised', async () => {
    answer({ 'GET /advertise': { items: [], nextCursor: null } });
    renderWithProviders(<WhatsNew renderCars={(cars) => <CarGrid cars={cars} label="New arrivals" />} />);
    expect(await screen.findByText('No featured cars right now')).toBeInTheDocument();
  });
});
