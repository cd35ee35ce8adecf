import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aComparedCar } from '../../testing/fixtures/car.ts';
import { answer, apiError, requests } from '../../testing/network.ts';
import { renderRoutes } from '../../testing/test-utils.tsx';
import ComparePage from './compare.tsx';

const porsche = aComparedCar({ distanceKm: 12 });
const ferrari = aComparedCar({
  id: '5f0c1a9e-0000-4000-8000-000000000002',
  brand: 'Ferrari',
  distanceKm: 40,
});
const gone = '5f0c1a9e-0000-4000-8000-000000000009';

const renderCompare = (search: string) =>
  renderRoutes([{ path: '/compare', Component: ComparePage }], { initialEntries: [`/compare${search}`] });

describe('ComparePage', () => {
  it('loads the cars of its address, with its place, and says which are no longer for sale', async () => {
    answer({ 'GET /cars/compare': { items: [porsche, ferrari] } });
    renderCompare(`?ids=${porsche.id},${gone},${ferrari.id}&near=90210`);

    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(
      screen.getByText(
        '1 car of this comparison is no longer for sale: it was sold or taken down, and is left out.',
      ),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('columnheader')).toHaveLength(2);
    const [sent] = requests();
    expect(sent).toMatchObject({ method: 'GET', path: '/cars/compare' });
    expect(Object.fromEntries(sent!.query)).toEqual({
      ids: `${porsche.id},${gone},${ferrari.id}`,
      near: '90210',
    });
  });

  it('says so when none of its cars is for sale any more, rather than an error', async () => {
    answer({ 'GET /cars/compare': { items: [] } });
    renderCompare(`?ids=${gone}`);
    expect(
      await screen.findByRole('heading', { name: 'This car is no longer for sale' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse cars for sale' })).toHaveAttribute('href', '/cars');
  });

  it('leaves out a place that is not one, and asks for the cars without it', async () => {
    answer({ 'GET /cars/compare': { items: [porsche] } });
    renderCompare(`?ids=${porsche.id}&near=nowhere`);
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(Object.fromEntries(requests()[0]!.query)).toEqual({ ids: porsche.id });
  });

  it('refuses an address with more than four cars or a malformed id without asking the server', () => {
    for (const search of ['?ids=a,b,c,d,e', '?ids=a,<b>']) {
      const { unmount } = renderCompare(search);
      expect(
        screen.getByRole('heading', { name: 'This comparison’s address is not valid' }),
      ).toBeInTheDocument();
      unmount();
    }
    expect(requests()).toEqual([]);
  });

  it('invites a visitor without cars to choose some', () => {
    renderCompare('');
    expect(screen.getByRole('heading', { name: 'No cars to compare yet' })).toBeInTheDocument();
    expect(requests()).toEqual([]);
  });

  it('says that an address the server refuses is not valid (a ZIP code it does not know)', async () => {
    answer({
      'GET /cars/compare': apiError(400, 'validation', "We don't know the ZIP code 00000.", {
        near: "We don't know the ZIP code 00000",
      }),
    });
    renderCompare(`?ids=${porsche.id}&near=00000`);
    expect(
      await screen.findByRole('heading', { name: 'This comparison’s address is not valid' }),
    ).toBeInTheDocument();
  });
});
