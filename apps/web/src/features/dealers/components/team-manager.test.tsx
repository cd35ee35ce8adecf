import type { Team } from '@redline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, apiError, requests } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { TeamManager } from './team-manager.tsx';

const IN_A_WEEK = new Date(Date.now() + 7 * 86_400_000).toISOString();
const team = (overrides: Partial<Team> = {}): Team => ({
  owner: { id: 'owner-1', name: 'Olive Owner', email: 'olive@example.com' },
  members: [
    {
      id: 'sal-1',
      name: 'Sal Seller',
      email: 'sal@example.com',
      role: 'salesperson',
      since: '2026-11-01T10:00:00.000Z',
    },
  ],
  invitations: [
    {
      id: 'inv-1',
      email: 'mia@example.com',
      role: 'manager',
      invitedBy: 'Olive Owner',
      expiresAt: IN_A_WEEK,
      createdAt: '2026-11-29T10:00:00.000Z',
    },
  ],
  ...overrides,
});
const sent = (method: string) => requests().filter((request) => request.method === method);

describe('TeamManager', () => {
  it('lists the owner, the members and the pending invitations', async () => {
    answer({ 'GET /me/team': team() });
    renderWithProviders(<TeamManager />);
    const members = await screen.findByRole('region', { name: 'Members' });
    expect(within(members).getByText('Olive Owner')).toBeInTheDocument();
    expect(within(members).getByText('Owner')).toBeInTheDocument();
    expect(within(members).getByLabelText('Role of Sal Seller')).toHaveValue('salesperson');
    const pending = screen.getByRole('region', { name: 'Pending invitations' });
    expect(within(pending).getByText('mia@example.com')).toBeInTheDocument();
    expect(within(pending).getByText(/Manager, invited by Olive Owner/)).toBeInTheDocument();
  });

  it('invites an address as the chosen role, and shows the server’s refusal at its field', async () => {
    answer({
      'GET /me/team': team({ invitations: [] }),
      'POST /me/team/invitations': ({ body }) => ({
        id: 'inv-2',
        email: body.email,
        role: body.role,
        invitedBy: 'Olive Owner',
        expiresAt: IN_A_WEEK,
        createdAt: new Date().toISOString(),
      }),
    });
    renderWithProviders(<TeamManager />);
    await userEvent.type(await screen.findByLabelText('E-mail address'), 'new@example.com');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'manager');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to new@example.com')).toBeInTheDocument();
    expect(sent('POST')[0]?.body).toEqual({ email: 'new@example.com', role: 'manager' });

    answer({
      'POST /me/team/invitations': apiError(400, 'validation', 'Some fields are invalid.', {
        email: 'Enter a valid email address',
      }),
    });
    await userEvent.type(screen.getByLabelText('E-mail address'), 'other@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
  });

  it('refuses a malformed address before sending anything', async () => {
    answer({ 'GET /me/team': team() });
    renderWithProviders(<TeamManager />);
    await userEvent.type(await screen.findByLabelText('E-mail address'), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(sent('POST')).toEqual([]);
  });

  it('changes a member’s role, revokes an invitation, and removes a member only once confirmed', async () => {
    answer({
      'GET /me/team': team(),
      'PUT /me/team/members/:id': ({ body }) => ({ ...team().members[0]!, role: body.role }),
      'DELETE /me/team/invitations/:id': { deletedCount: 1 },
      'DELETE /me/team/members/:id': { deletedCount: 1 },
    });
    renderWithProviders(<TeamManager />);
    await userEvent.selectOptions(await screen.findByLabelText('Role of Sal Seller'), 'manager');
    expect(await screen.findByText('Sal Seller is now a manager')).toBeInTheDocument();
    expect(sent('PUT')[0]).toMatchObject({ path: '/me/team/members/sal-1', body: { role: 'manager' } });

    await userEvent.click(screen.getByRole('button', { name: 'Revoke the invitation of mia@example.com' }));
    expect(await screen.findByText('The invitation of mia@example.com is revoked')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Sal Seller' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Sal Seller from your team?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep them' }));
    expect(sent('DELETE').map((request) => request.path)).toEqual(['/me/team/invitations/inv-1']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Sal Seller' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remove Sal Seller from your team?' })).getByRole(
        'button',
        {
          name: 'Remove',
        },
      ),
    );
    expect(await screen.findByText('Sal Seller is no longer in your team')).toBeInTheDocument();
    await waitFor(() =>
      expect(sent('DELETE').map((request) => request.path)).toContain('/me/team/members/sal-1'),
    );
  });

  it('tells a private seller that only a dealer has a team', async () => {
    answer({
      'GET /me/team': apiError(
        409,
        'conflict',
        'Only a dealer has a team. Fill in your dealer profile first.',
      ),
    });
    renderWithProviders(<TeamManager />);
    expect(await screen.findByText('Only a dealer has a team')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fill in your dealer profile' })).toHaveAttribute(
      'href',
      '/dash/seller/dealer',
    );
  });
});
