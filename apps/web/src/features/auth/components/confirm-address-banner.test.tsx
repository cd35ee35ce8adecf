import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useMe } from '../../../lib/auth.ts';
import { aMe } from '../../../testing/fixtures/user.ts';
import { answer, requests } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { ConfirmAddressBanner } from './confirm-address-banner.tsx';

/** Shows when `me` has loaded, so that the test knows the banner has had what it decides on. */
function SignedInAs() {
  const { data: me } = useMe();
  return me ? <p>Signed in as {me.name}</p> : null;
}

const banner = () => screen.queryByRole('region', { name: 'Confirm your e-mail address' });

describe('ConfirmAddressBanner', () => {
  it('asks a user with an unconfirmed address to confirm it, and sends the link again', async () => {
    answer({
      'GET /me': aMe({ emailVerified: false }),
      'POST /auth/send-verification-email': { status: true },
    });
    renderWithProviders(<ConfirmAddressBanner />);

    expect(
      (await screen.findByRole('region', { name: 'Confirm your e-mail address' })).textContent,
    ).toContain(
      'Confirm your address to get e-mail notifications: open the link we sent to bea@example.com.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));

    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'A new link is on its way.');
    expect(screen.queryByRole('button', { name: 'Send the link again' })).not.toBeInTheDocument();
    const sent = requests().filter((request) => request.path === '/auth/send-verification-email');
    expect(sent.map((request) => request.body)).toEqual([{ email: 'bea@example.com' }]);
  });

  it('shows nothing once the address is confirmed', async () => {
    answer({ 'GET /me': aMe() });
    renderWithProviders(
      <>
        <ConfirmAddressBanner />
        <SignedInAs />
      </>,
    );
    expect(await screen.findByText('Signed in as Bea Buyer')).toBeInTheDocument();
    expect(banner()).not.toBeInTheDocument();
  });
});
