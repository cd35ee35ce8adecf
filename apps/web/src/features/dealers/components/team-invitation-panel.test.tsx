import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aMe } from '../../../testing/fixtures/user.ts';
import { answer, apiError, requests } from '../../../testing/network.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { TeamInvitationPanel } from './team-invitation-panel.tsx';

const PREVIEW = {
  businessName: 'Sunset Motors',
  dealerId: 'dealer-1',
  role: 'salesperson' as const,
  expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
};
const render = () =>
  renderRoutes(
    [
      { path: '/team/invitations/:token', element: <TeamInvitationPanel token="tok-1" /> },
      { path: '/dash', element: <p>The dashboard</p> },
      { path: '/user/login', element: <p>The sign-in page</p> },
    ],
    { initialEntries: ['/team/invitations/tok-1'] },
  );

describe('TeamInvitationPanel', () => {
  it('tells a visitor which dealer invites them, as what, and to sign in first', async () => {
    answer({ 'GET /team-invitations/:token': PREVIEW, 'GET /me': null });
    render();
    expect(await screen.findByRole('heading', { name: 'Join Sunset Motors' })).toBeInTheDocument();
    expect(screen.getByText(/as a salesperson/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sunset Motors' })).toHaveAttribute('href', '/sellers/dealer-1');
    await userEvent.click(screen.getByRole('link', { name: 'Sign in to accept' }));
    expect(await screen.findByText('The sign-in page')).toBeInTheDocument();
    expect(requests().filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('lets a signed-in seller accept, then takes them to the dashboard', async () => {
    answer({
      'GET /team-invitations/:token': PREVIEW,
      'GET /me': aMe({ role: 'Seller', email: 'sal@example.com' }),
      'POST /team-invitations/:token/acceptance': {
        id: 'u-buyer',
        name: 'Bea Buyer',
        email: 'sal@example.com',
        role: 'salesperson',
        since: new Date().toISOString(),
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept and join Sunset Motors' }));
    expect(await screen.findByText('The dashboard')).toBeInTheDocument();
    expect(await screen.findByText('You now sell for Sunset Motors')).toBeInTheDocument();
  });

  it('says so when the link was used, revoked or has expired', async () => {
    answer({
      'GET /team-invitations/:token': apiError(
        410,
        'gone',
        'This invitation has expired. Ask the dealer to invite you again.',
      ),
      'GET /me': null,
    });
    render();
    expect(
      await screen.findByText('This invitation has expired. Ask the dealer to invite you again.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
  });
});
