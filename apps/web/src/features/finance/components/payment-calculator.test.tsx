import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aCarDetail } from '../../../testing/fixtures/car.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { PaymentCalculator } from './payment-calculator.tsx';

// A $189,500 car in Beverly Hills, CA.
const car = aCarDetail();

const renderCalculator = (search = '', shown = car) =>
  renderRoutes([{ path: '/cars/id/:id', element: <PaymentCalculator car={shown} /> }], {
    initialEntries: [`/cars/id/${shown.id}${search}`],
  });

/** The estimated payment, and the figures that make it up by name. */
async function result() {
  const payment = await screen.findByRole('status');
  const figures = within(payment.closest('div.grid')! as HTMLElement);
  return {
    payment: payment.textContent,
    figure: (name: string) => figures.getByText(name).nextElementSibling?.textContent,
  };
}

describe('PaymentCalculator', () => {
  it('starts from the car’s price and state and the market’s loan', async () => {
    renderCalculator();

    const { payment, figure } = await result();
    // $189,500 and California's 7.25 % ($13,738.75), at 7 % over 60 months.
    expect(payment).toBe('$4,024.37');
    expect(figure('Sales tax, CA 7.25% (estimate)')).toBe('$13,738.75');
    expect(figure('Amount financed')).toBe('$203,238.75');
    expect(figure('Total interest')).toBe('$38,223.54');
    expect(figure('Total paid')).toBe('$241,462.29');
    expect(screen.getByRole('textbox', { name: 'Price (dollars)' })).toHaveValue('189,500');
    expect(screen.getByRole('textbox', { name: 'APR (%)' })).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByRole('textbox', { name: 'Term (months)' })).toHaveValue('60');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('CA');
  });

  it('opens on the figures of the address and keeps every change in it', async () => {
    const user = userEvent.setup();
    const { search } = renderCalculator('?down=20%2C000&apr=5.9&state=NY');

    // $189,500 and New York's 4 % ($7,580), less $20,000 down, at 5.9 % over 60 months.
    expect((await result()).payment).toBe('$3,415.22');
    expect(screen.getByRole('textbox', { name: 'Down payment (dollars)' })).toHaveValue('20,000');

    await user.type(screen.getByRole('textbox', { name: 'Trade-in value (dollars)' }), '15000');
    // The trade-in comes off the taxed price too: 4 % of $174,500.
    expect((await result()).payment).toBe('$3,114.36');
    expect((await result()).figure('Sales tax, NY 4% (estimate)')).toBe('$6,980.00');
    expect(new URLSearchParams(search()).get('tradeIn')).toBe('15000');

    // A field set back to where the car starts it leaves the address.
    await user.clear(screen.getByRole('textbox', { name: 'APR (%)' }));
    await user.type(screen.getByRole('textbox', { name: 'APR (%)' }), '7');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'CA');
    expect(search()).toBe('?down=20%2C000&tradeIn=15000');
  });

  it('says what is wrong with a field once it is left, and shows no payment until it is right', async () => {
    const user = userEvent.setup();
    renderCalculator();
    await result();

    const apr = screen.getByRole('textbox', { name: 'APR (%)' });
    await user.clear(apr);
    await user.type(apr, '6.125');
    expect(apr).not.toHaveAttribute('aria-invalid');
    await user.tab();
    expect(apr).toHaveAccessibleDescription(
      'Enter the APR as a percentage with at most two decimals, like 6.5',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByText('Correct the figures above to see the monthly payment.')).toBeInTheDocument();

    await user.clear(apr);
    await user.type(apr, '6.12');
    await user.tab();
    expect(apr).not.toHaveAttribute('aria-invalid');
    expect(await screen.findByRole('status')).toBeInTheDocument();
  });

  it('shows a message from the address at once, and asks for a state when the car has none', async () => {
    renderCalculator('?term=120', aCarDetail({ location: null }));

    expect(await screen.findByRole('textbox', { name: 'Term (months)' })).toHaveAccessibleDescription(
      'The term must be from 1 to 96 months',
    );
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveAccessibleDescription(
      'Choose the state where the car will be registered',
    );
  });

  it('lists every month of the schedule, collapsed until opened, its last payment taking the rounding', async () => {
    const user = userEvent.setup();
    renderCalculator();
    await result();

    const table = screen.getByRole('table', { name: '59 payments of $4,024.37, then $4,024.46' });
    expect(table).not.toBeVisible();
    await user.click(screen.getByText('Payment schedule, 60 months'));
    expect(table).toBeVisible();
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(61);
    expect(
      within(rows[60]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['$4,024.46', '$23.34', '$4,001.12', '$0.00']);
  });

  it('is not shown for a sold car', () => {
    renderCalculator('', aCarDetail({ soldAt: '2026-11-01T10:00:00.000Z' }));
    expect(screen.queryByRole('heading', { name: 'Monthly payment' })).not.toBeInTheDocument();
  });
});
