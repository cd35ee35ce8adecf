import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aCar } from '../../../testing/fixtures/car.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { CarSpecifications, TitleWarning } from './car-specifications.tsx';

/** The specifications as label → text, in their order. */
function rows(): [string, string][] {
  const list = within(screen.getByRole('region', { name: 'Specifications' }));
  return list
    .getAllByRole('term')
    .map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? '']);
}

describe('CarSpecifications', () => {
  it('lists every fact the seller gave, the colours by name and palette, and leaves out what the car does not say', () => {
    renderWithProviders(
      <CarSpecifications
        car={aCar({ trim: 'GT3', interiorColourName: null, exteriorColourName: 'GT Silver', doors: null })}
      />,
    );
    expect(rows()).toEqual([
      ['Year', '2021'],
      ['Make', 'Porsche'],
      ['Model', '911 GT3 Touring'],
      ['Trim', 'GT3'],
      ['Body style', 'Coupe'],
      ['Transmission', 'Manual'],
      ['Drivetrain', 'Rear-wheel drive (RWD)'],
      ['Engine', '4.0 L flat-six'],
      ['Fuel', 'Petrol'],
      ['Exterior colour', 'GT Silver (Grey)'],
      ['Interior colour', 'Black'],
      ['Seats', '2'],
      ['Previous owners', '1'],
      ['Title', 'Clean'],
      ['VIN', 'WP0ZZZ99ZMS201234'],
    ]);
    expect(screen.queryByText('—')).not.toBeInTheDocument();
  });

  it('shows an older car with few details by what it has: its chassis number, no empty rows', () => {
    renderWithProviders(
      <CarSpecifications
        car={aCar({
          year: 1967,
          trim: null,
          vin: '10507',
          bodyStyle: null,
          transmission: null,
          drivetrain: null,
          exteriorColour: null,
          exteriorColourName: 'Verde Pino',
          interiorColour: null,
          seats: null,
          doors: null,
          previousOwners: 0,
          titleStatus: null,
        })}
      />,
    );
    expect(rows()).toEqual([
      ['Year', '1967'],
      ['Make', 'Porsche'],
      ['Model', '911 GT3 Touring'],
      ['Engine', '4.0 L flat-six'],
      ['Fuel', 'Petrol'],
      ['Exterior colour', 'Verde Pino'],
      ['Previous owners', 'None: the seller is the first owner'],
      ['Chassis number', '10507'],
    ]);
  });

  it('copies the VIN', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CarSpecifications car={aCar()} />);
    await user.click(screen.getByRole('button', { name: 'Copy the VIN' }));
    expect(await navigator.clipboard.readText()).toBe('WP0ZZZ99ZMS201234');
    expect(await screen.findByText('VIN copied')).toBeInTheDocument();
  });

  it('warns of a salvage, rebuilt or lemon title, and not of a clean one', () => {
    const { unmount } = renderWithProviders(<TitleWarning car={{ titleStatus: 'Salvage' }} />);
    expect(screen.getByRole('note')).toHaveTextContent(
      'Salvage title. An insurer declared this car a total loss.',
    );
    unmount();
    renderWithProviders(<TitleWarning car={{ titleStatus: 'Clean' }} />);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
