import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aPayment } from '../../../testing/fixtures/payment.ts';
import { answer, requests } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { PaymentsTable } from './payments-table.tsx';

describe('payments table (admin)', () => {
  it('lists payments with date, what they paid for, buyer, seller, car, amount, provider and transaction, and refund', async () => {
    const deposit = aPayment(3, {
      kind: 'deposit',
      bookingId: null,
      offerId: 'o3000000-0000-4000-8000-000000000000',
      price: 50_000,
    });
    answer({
      'GET /payments': {
        items: [aPayment(1, { provider: 'stripe', transactionId: 'pi_live_1' }), aPayment(2), deposit],
        nextCursor: null,
      },
    });
    renderWithProviders(<PaymentsTable />, { path: '/dash/admin/payments' });

    const table = await screen.findByRole('table', { name: 'Payments, newest first' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Date', 'For', 'Buyer', 'Seller', 'Car', 'Amount', 'Transaction', 'Refund']);
    const [, first, , third] = within(table).getAllByRole('row');
    const cells = within(first!)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    const expected = ['buyer1@example.com', 'seller1@example.com', '2020 Car Number 1', '$120.00', 'Stripe'];
    for (const [i, text] of expected.entries()) expect(cells[i + 2]).toContain(text);
    expect(cells[6]).toContain('pi_live_1');
    expect(cells[1]).toContain('Test drive');
    expect(cells[1]).toContain('b1000000-0000-4000-8000-000000000000');
    // A holding deposit is told apart from the test-drive fees, with the offer it held the car for.
    const depositCells = within(third!)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(depositCells[1]).toContain('Holding deposit');
    expect(depositCells[1]).toContain('o3000000-0000-4000-8000-000000000000');
    expect(depositCells[5]).toContain('$500.00');
    expect(screen.getByText('Showing 3 payments (all)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('refunds a payment after asking, and shows the refunds the ledger holds', async () => {
    let refunded = false;
    const refund = {
      id: 'r1',
      amount: 12_000,
      reason: 'admin' as const,
      status: 'succeeded' as const,
      createdAt: '2031-03-02T10:00:00.000Z',
      refundedAt: '2031-03-02T10:00:01.000Z',
    };
    answer({
      'GET /payments': () => ({
        items: [
          aPayment(1, refunded ? { refund } : {}),
          aPayment(2, { refund: { ...refund, id: 'r2', reason: 'car-sold' } }),
        ],
        nextCursor: null,
      }),
      // The refund is asked for now; the provider makes it just after (the job queue).
      'POST /payments/:id/refund': ({ params }) => {
        refunded = params.id === 'pay-1';
        return { ...refund, status: 'pending', refundedAt: null };
      },
    });
    renderWithProviders(<PaymentsTable />, { path: '/dash/admin/payments' });

    const table = await screen.findByRole('table', { name: 'Payments, newest first' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(second!).getByText('Refunded')).toBeInTheDocument();
    expect(within(second!).getByText(/Car sold/)).toBeInTheDocument();
    expect(within(second!).queryByRole('button')).not.toBeInTheDocument();

    await userEvent.click(
      within(first!).getByRole('button', { name: 'Refund of buyer1@example.com for the 2020 Car Number 1' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Refund this payment?' });
    expect(dialog.textContent).toContain("$120.00 goes back to buyer1@example.com's card");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));

    expect(await screen.findByText('Refund asked of the payment provider')).toBeInTheDocument();
    expect(
      requests().some((request) => request.path === '/payments/pay-1/refund' && request.method === 'POST'),
    ).toBe(true);
    await waitFor(() =>
      expect(within(within(table).getAllByRole('row')[1]!).getByText('Refunded')).toBeInTheDocument(),
    );
  });

  it('loads the next page after the cursor with Load more', async () => {
    answer({
      'GET /payments': ({ query }) =>
        query.get('cursor') === 'c2'
          ? { items: [aPayment(3)], nextCursor: null }
          : { items: [aPayment(1), aPayment(2)], nextCursor: 'c2' },
    });
    renderWithProviders(<PaymentsTable />, { path: '/dash/admin/payments' });

    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('Showing 3 payments (all)')).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getByText('2020 Car Number 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const urls = requests().map((request) => `${request.path}?${request.query}`);
    expect(urls).toEqual(['/payments?limit=20', '/payments?limit=20&cursor=c2']);
  });

  it('says so when there are no payments yet', async () => {
    answer({ 'GET /payments': { items: [], nextCursor: null } });
    renderWithProviders(<PaymentsTable />, { path: '/dash/admin/payments' });
    expect(await screen.findByText('No payments yet')).toBeInTheDocument();
  });
});
