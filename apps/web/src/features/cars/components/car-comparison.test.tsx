import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aComparedCar } from '../../../testing/fixtures/car.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { CarComparison } from './car-comparison.tsx';

const porsche = aComparedCar();
const ferrari = aComparedCar({
  id: '5f0c1a9e-0000-4000-8000-000000000002',
  brand: 'Ferrari',
  model: 'F8 Tributo',
  askingPrice: 25_000_000,
  transmission: 'Dual-clutch',
});

/** The table's rows by their header: the label, its cells' text, and whether it is marked as differing. */
function rows() {
  return within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const [label, ...cells] = [...row.querySelectorAll('th, td')];
      return {
        label: label!.textContent,
        cells: cells.map((cell) => cell.textContent),
        differs: row.dataset.differs === 'true',
      };
    });
}
const rowOf = (label: string) => rows().find((row) => row.label?.startsWith(label));

describe('CarComparison', () => {
  it('puts the cars side by side, a column each, and marks the rows where they differ', () => {
    renderWithProviders(<CarComparison cars={[porsche, ferrari]} near={undefined} />);

    expect(
      screen
        .getAllByRole('columnheader')
        .map((header) => within(header).getByRole('link', { name: /^(Porsche|Ferrari)/ }).textContent),
    ).toEqual(['Porsche 911 GT3 Touring', 'Ferrari F8 Tributo']);
    expect(rowOf('Asking price')).toEqual({
      label: 'Asking price (differs)',
      cells: ['$189,500', '$250,000'],
      differs: true,
    });
    expect(rowOf('Transmission')).toMatchObject({ cells: ['Manual', 'Dual-clutch'], differs: true });
    expect(rowOf('Fuel')).toEqual({ label: 'Fuel', cells: ['Petrol', 'Petrol'], differs: false });
    expect(rowOf('Mileage')).toMatchObject({ cells: ['7,767 mi', '7,767 mi'], differs: false });
    // A place to measure from is not given: no distance row.
    expect(rowOf('Distance')).toBeUndefined();
  });

  it('shows only the rows that differ when asked, and every row again', async () => {
    renderWithProviders(<CarComparison cars={[porsche, ferrari]} near={undefined} />);
    const all = rows().length;

    await userEvent.click(screen.getByRole('checkbox', { name: 'Only differences' }));
    expect(rows().map((row) => row.label)).toEqual([
      'Asking price (differs)',
      'Make (differs)',
      'Model (differs)',
      'Transmission (differs)',
    ]);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Only differences' }));
    expect(rows()).toHaveLength(all);
  });

  it('says what a car does not say, and how far each car is from the place searched around', () => {
    const far = { ...ferrari, trim: 'Spider', distanceKm: 3_940 };
    renderWithProviders(<CarComparison cars={[{ ...porsche, distanceKm: 0.4 }, far]} near="90210" />);
    expect(rowOf('Trim')).toMatchObject({ cells: ['Not given', 'Spider'], differs: true });
    expect(rowOf('Distance')).toMatchObject({ cells: ['Under 1 mi away', '2,448 mi away'], differs: true });
  });

  it("compares the cars' market values and deal ratings, where the model has one", () => {
    const valued = (estimate: number, rating: 'good' | 'none') =>
      ({
        estimate: rating === 'none' ? null : estimate,
        low: rating === 'none' ? null : estimate - 500_000,
        high: rating === 'none' ? null : estimate + 500_000,
        rating,
        comparables: rating === 'none' ? 2 : 40,
        family: 'model',
        area: 'region',
        fittedAt: '2026-11-29T18:00:00.000Z',
      }) as const;
    renderWithProviders(
      <CarComparison
        cars={[
          // Its price lowered since the refit: rated by its price now, as a search rates it.
          { ...porsche, marketValue: valued(19_000_000, 'good'), dealRating: 'great' },
          { ...ferrari, marketValue: valued(0, 'none'), dealRating: 'none' },
        ]}
        near={undefined}
      />,
    );
    expect(rowOf('Market value')).toMatchObject({
      cells: ['$190,000 ($185,000–$195,000)', 'Not enough data'],
      differs: true,
    });
    expect(rowOf('Deal rating')).toMatchObject({ cells: ['Great deal', 'Not enough data'], differs: true });
  });

  it('leaves out the market value and deal rating when no car has been valued yet', () => {
    renderWithProviders(<CarComparison cars={[porsche, ferrari]} near={undefined} />);
    expect(rowOf('Market value')).toBeUndefined();
    expect(rowOf('Deal rating')).toBeUndefined();
  });

  it('links each car to the comparison without it, keeping the place', () => {
    renderWithProviders(<CarComparison cars={[porsche, ferrari]} near="90210" />);
    expect(
      screen.getByRole('link', { name: 'Remove 2021 Porsche 911 GT3 Touring from the comparison' }),
    ).toHaveAttribute('href', `/compare?ids=${ferrari.id}&near=90210`);
  });
});
