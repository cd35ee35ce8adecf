import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aUser } from '../../../testing/fixtures/user.ts';
import { answer, requests } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { WaitlistButton } from './waitlist-button.tsx';

const CAR_ID = '7c1d2e3f-1111-4222-8333-944455566677';
const reservedCar = { id: CAR_ID, soldAt: null, reservedAt: '2031-03-12T10:00:00.000Z' };
const buyer = aUser({ role: 'Buyer' });

describe('WaitlistButton', () => {
  it("joins and leaves a reserved car's waitlist", async () => {
    let waiting = false;
    answer({
      'GET /cars/:id/waitlist': () => ({ waiting, reservedBy: null }),
      'PUT /cars/:id/waitlist': () => {
        waiting = true;
        return { waiting, reservedBy: null };
      },
      'DELETE /cars/:id/waitlist': () => {
        waiting = false;
        return { waiting, reservedBy: null };
      },
    });
    renderWithProviders(<WaitlistButton car={reservedCar} user={buyer} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Join the waitlist' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave the waitlist' }));
    expect(await screen.findByRole('button', { name: 'Join the waitlist' })).toBeInTheDocument();
    expect(requests().map((r) => r.method)).toEqual(['GET', 'PUT', 'DELETE']);
  });

  it('shows the buyer the car is reserved for the way to its deposit instead', async () => {
    answer({ 'GET /cars/:id/waitlist': () => ({ waiting: false, reservedBy: 'o-1' }) });
    renderWithProviders(<WaitlistButton car={reservedCar} user={buyer} />);
    expect(
      await screen.findByRole('link', { name: 'Your reservation: the $500.00 deposit' }),
    ).toHaveAttribute('href', '/buyer/offers/o-1/deposit');
  });

  it('shows nothing on a car not reserved, or to a visitor, and asks nothing', () => {
    renderWithProviders(<WaitlistButton car={{ ...reservedCar, reservedAt: null }} user={buyer} />);
    renderWithProviders(<WaitlistButton car={reservedCar} user={null} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(requests()).toEqual([]);
  });
});
