import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aDealer } from '../../../testing/fixtures/seller.ts';
import { aListedSeller, aListedUser } from '../../../testing/fixtures/user.ts';
import { answer, apiError, requests } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { DELETED_USER_MESSAGE, UsersTable, VERIFIED_MESSAGE } from './users-table.tsx';

/** Matches the element whose whole text (including nested spans) is `text`, e.g. a badge. */
const textContent = (text: string) => (_: string, element: Element | null) =>
  element?.textContent === text && [...element.children].every((child) => child.textContent !== text);

const newcomer = aListedSeller({ id: 's-1', name: 'Nia Newcomer', email: 'nia@example.com' });
const sellers = [
  newcomer,
  aListedSeller({ id: 's-2', name: 'Vic Verified', email: 'vic@example.com', isVerified: true }),
];

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('UsersTable', () => {
  it('verifies a seller: the Verify button becomes the Verified marker', async () => {
    let list = sellers;
    answer({
      'GET /user/sellers': () => ({ items: list, nextCursor: null }),
      'PATCH /user/sellers/:id': ({ params }) => {
        list = list.map((u) => (u.id === params.id ? { ...u, isVerified: true } : u));
        return list.find((u) => u.id === params.id) ?? apiError(404, 'not_found', 'User not found.');
      },
    });
    renderWithProviders(<UsersTable userRole="Seller" />);

    await screen.findByText('Nia Newcomer');
    expect(within(rowOf('Vic Verified')).getByText(textContent('Verified seller'))).toBeInTheDocument();
    expect(within(rowOf('Vic Verified')).queryByRole('button', { name: /Verify/ })).not.toBeInTheDocument();

    await userEvent.click(within(rowOf('Nia Newcomer')).getByRole('button', { name: 'Verify Nia Newcomer' }));
    expect(await screen.findByText(VERIFIED_MESSAGE)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(rowOf('Nia Newcomer')).queryByRole('button', { name: /Verify/ })).not.toBeInTheDocument(),
    );
    expect(within(rowOf('Nia Newcomer')).getByText(textContent('Verified seller'))).toBeInTheDocument();
  });

  it('deletes a user only after the confirmation', async () => {
    let list = sellers;
    answer({
      'GET /user/sellers': () => ({ items: list, nextCursor: null }),
      'DELETE /users/:email': ({ params }) => {
        list = list.filter((u) => u.email !== params.email);
        return { deletedCount: 1 };
      },
    });
    renderWithProviders(<UsersTable userRole="Seller" />);

    await userEvent.click(await screen.findByRole('button', { name: 'Delete User Nia Newcomer' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this seller?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests().some((request) => request.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Delete User Nia Newcomer' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete this seller?' })).getByRole('button', {
        name: 'Delete User',
      }),
    );
    expect(await screen.findByText(DELETED_USER_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Nia Newcomer')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal as a toast', async () => {
    answer({
      'GET /user/buyers': { items: [aListedUser({ id: 'b-1' })], nextCursor: null },
      'DELETE /users/:email': apiError(403, 'forbidden', 'You are not allowed to do that.'),
    });
    renderWithProviders(<UsersTable userRole="Buyer" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete User Bea Buyer' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete this buyer?' })).getByRole('button', {
        name: 'Delete User',
      }),
    );
    expect(await screen.findByText('You are not allowed to do that.')).toBeInTheDocument();
    expect(screen.getByText('Bea Buyer')).toBeInTheDocument();
  });

  it('marks a seller whose rename cleared the verification, with the name that was verified', async () => {
    const renamed = aListedSeller({
      id: 's-3',
      name: 'Vic Verified Motors',
      email: 'vic@example.com',
      renamedFrom: 'Vic Verified',
    });
    answer({ 'GET /user/sellers': { items: [newcomer, renamed], nextCursor: null } });
    renderWithProviders(<UsersTable userRole="Seller" />);

    const row = rowOf(await screen.findByText('Vic Verified Motors').then((e) => e.textContent ?? ''));
    expect(within(row).getByText('Name changed — re-verify')).toBeInTheDocument();
    expect(within(row).getByText('Vic Verified')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Verify Vic Verified Motors' })).toBeInTheDocument();
    expect(within(rowOf('Nia Newcomer')).queryByText('Name changed — re-verify')).not.toBeInTheDocument();
  });

  describe('dealers', () => {
    const dealer = aListedSeller({
      id: 's-4',
      name: 'Dana Dealer',
      email: 'dana@example.com',
      dealer: { businessName: 'Sunset Motors', verified: false },
    });

    it('marks the sellers who are dealers, verified or not', async () => {
      const verifiedDealer = aListedSeller({
        id: 's-5',
        name: 'Vera Dealer',
        email: 'vera@example.com',
        dealer: { businessName: 'Vera Cars', verified: true },
      });
      answer({ 'GET /user/sellers': { items: [newcomer, dealer, verifiedDealer], nextCursor: null } });
      renderWithProviders(<UsersTable userRole="Seller" />);

      await screen.findByText('Dana Dealer');
      expect(within(rowOf('Dana Dealer')).getByText('Sunset Motors')).toBeInTheDocument();
      expect(within(rowOf('Dana Dealer')).getByText('Dealer not verified')).toBeInTheDocument();
      expect(within(rowOf('Vera Dealer')).getByText('Verified dealer')).toBeInTheDocument();
      expect(within(rowOf('Nia Newcomer')).queryByText(/Dealer/)).not.toBeInTheDocument();
      expect(
        within(rowOf('Nia Newcomer')).queryByRole('button', { name: /Dealer verification/ }),
      ).not.toBeInTheDocument();
    });

    it('verifies a dealer with a note, after showing its history; a note is required', async () => {
      answer({
        'GET /user/sellers': { items: [dealer], nextCursor: null },
        'GET /user/dealers/:id/verifications': {
          items: [
            {
              action: 'dropped',
              note: 'The business name changed from “Dana Cars” to “Sunset Motors”.',
              admin: null,
              at: '2026-11-20T10:00:00.000Z',
            },
            {
              action: 'verified',
              note: 'Licence checked',
              admin: { id: 'a-1', name: 'Ada Admin' },
              at: '2026-11-01T10:00:00.000Z',
            },
          ],
          nextCursor: null,
        },
        'PUT /user/dealers/:id/verification': aDealer(),
      });
      renderWithProviders(<UsersTable userRole="Seller" />);
      await userEvent.click(
        await screen.findByRole('button', { name: 'Dealer verification of Dana Dealer' }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Sunset Motors' });
      const history = await within(dialog).findByRole('list', { name: 'Verification history' });
      expect(
        within(history)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        'Dropped, Nov 20, 2026The business name changed from “Dana Cars” to “Sunset Motors”.',
        'Verified by Ada Admin, Nov 1, 2026Licence checked',
      ]);

      await userEvent.click(within(dialog).getByRole('button', { name: 'Verify dealer' }));
      expect(within(dialog).getByText('Say what you checked')).toBeInTheDocument();
      expect(requests().filter((request) => request.method === 'PUT')).toEqual([]);

      await userEvent.type(within(dialog).getByLabelText('What you checked'), 'New name on the licence');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Verify dealer' }));
      expect(await screen.findByText('Sunset Motors is a verified dealer')).toBeInTheDocument();
      expect(requests().find((request) => request.method === 'PUT')).toMatchObject({
        path: '/user/dealers/s-4/verification',
        body: { verified: true, note: 'New name on the licence' },
      });
    });
  });
});
