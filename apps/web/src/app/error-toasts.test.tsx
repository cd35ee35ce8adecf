/**
 * A failed action shows one error toast (issue 44, item 22): the mutation cache owns error toasts
 * (lib/query-client.ts), and a screen that shows a failure itself opts its mutation out of it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ContactInbox } from '../features/admin/index.ts';
import { SellerRequestsList } from '../features/bookings/index.ts';
import { PaymentsTable } from '../features/payments/index.ts';
import { aBooking } from '../testing/fixtures/booking.ts';
import { answer, apiError } from '../testing/network.ts';
import { renderWithProviders } from '../testing/test-utils.tsx';

const SRC = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const FAILED = apiError(500, 'internal', 'Something went wrong.');

/** How many toasts say `message` once the failure has been shown. */
async function toastsSaying(message: string) {
  await screen.findByText(message);
  // A second toast would come from the same failure, in the same turn of the event loop.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return screen.getAllByText(message).length;
}

describe('error toasts', () => {
  it('come from one place: a component that toasts a mutation failure itself uses only mutations that opt out of the cache’s toast', () => {
    const problems: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      const relative = path.relative(SRC, file);
      if (relative === path.join('lib', 'query-client.ts')) continue;
      if (!/toast\.error\(/.test(text) || !/\.mutate(Async)?\(/.test(text)) continue;
      for (const [, from] of text.matchAll(/from '(\.{1,2}\/[^']*\bapi\/[^']+)'/g)) {
        const api = readFileSync(path.resolve(path.dirname(file), from!), 'utf8');
        if (/useMutation\(/.test(api) && !/errorToast: false/.test(api))
          problems.push(
            `${relative} toasts an error of ${from}, whose failures the mutation cache toasts too`,
          );
      }
    }
    expect(problems).toEqual([]);
  });

  it('accepting a test drive that fails shows one toast', async () => {
    answer({
      'GET /testdrivebooking/seller/:email': {
        items: [aBooking({ requestedDate: '2030-03-14', buyerPhone: null })],
        nextCursor: null,
      },
      'POST /testdrivebooking/:id/accept': FAILED,
    });
    renderWithProviders(<SellerRequestsList email="sam@example.com" />);
    await userEvent.click(await screen.findByRole('button', { name: /^Accept the test drive/ }));
    expect(await toastsSaying('Something went wrong.')).toBe(1);
  });

  it('a refund that fails shows one toast', async () => {
    answer({
      'GET /payments': {
        items: [
          {
            id: 'p-1',
            kind: 'test-drive',
            bookingId: 'b-1',
            offerId: null,
            paidBy: 'bea@example.com',
            productBy: 'sam@example.com',
            product: '2021 Porsche 911 GT3',
            price: 12_000,
            currency: 'usd',
            transactionId: 'pi_1',
            provider: 'test',
            createdAt: '2030-03-01T10:00:00.000Z',
            refund: null,
          },
        ],
        nextCursor: null,
      },
      'POST /payments/:id/refund': FAILED,
    });
    renderWithProviders(<PaymentsTable />);
    await userEvent.click(await screen.findByRole('button', { name: /^Refund of bea@example.com/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await toastsSaying('Something went wrong.')).toBe(1);
  });

  it('marking a contact message handled that fails shows one toast', async () => {
    answer({
      'GET /contact': {
        items: [
          {
            id: 'm-1',
            name: 'Nia Visitor',
            email: 'nia@example.com',
            message: 'Do you ship to Canada?',
            createdAt: '2030-03-01T10:00:00.000Z',
            handledAt: null,
            handledBy: null,
          },
        ],
        nextCursor: null,
      },
      'PATCH /contact/:id': FAILED,
    });
    renderWithProviders(<ContactInbox />);
    await userEvent.click(await screen.findByRole('button', { name: /Mark handled/ }));
    expect(await toastsSaying('Something went wrong.')).toBe(1);
  });
});
