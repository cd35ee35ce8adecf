import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aMe, anAuthUser, buyer, seller } from '../../../testing/fixtures/user.ts';
import { answer, apiError, requests } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { SignUpForm } from './signup-form.tsx';

const config = {
  googleSignIn: false,
  browsing: 'public',
  units: 'imperial',
  payments: { provider: 'test' },
} as const;
/** Signing up answers the same for every address (ADR 35); the sign-in after it tells. */
const signedUp = { user: anAuthUser({ id: 'u-any' }) };

/** The JSON bodies sent to the sign-up call. */
const signUpBodies = () =>
  requests()
    .filter((request) => request.path === '/auth/sign-up/email')
    .map((request) => request.body);

async function fillIn() {
  await userEvent.type(screen.getByLabelText('Name'), 'Sam Seller');
  await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'correct-horse');
}

describe('SignUpForm', () => {
  it('signs up a Seller when "I want to sell cars" is on', async () => {
    answer({
      'GET /config': config,
      'GET /me': aMe(seller),
      'POST /auth/sign-up/email': signedUp,
      'POST /auth/sign-in/email': { redirect: false, user: anAuthUser(seller) },
    });
    const onSuccess = vi.fn();
    renderWithProviders(<SignUpForm redirectTo="/" onSuccess={onSuccess} />, { path: '/user/signup' });

    await fillIn();
    const toggle = screen.getByRole('switch', { name: 'I want to sell cars' });
    await userEvent.click(toggle);
    expect(toggle).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(signUpBodies()).toEqual([
      { name: 'Sam Seller', email: 'sam@example.com', password: 'correct-horse', role: 'Seller' },
    ]);
    expect(
      await screen.findByText('Account created. We have e-mailed you a link to confirm your address.'),
    ).toBeInTheDocument();
  });

  it('signs up a Buyer when the toggle is left off', async () => {
    answer({
      'GET /config': config,
      'GET /me': aMe(buyer),
      'POST /auth/sign-up/email': signedUp,
      'POST /auth/sign-in/email': { redirect: false, user: anAuthUser(buyer) },
    });
    const onSuccess = vi.fn();
    renderWithProviders(<SignUpForm redirectTo="/" onSuccess={onSuccess} />, { path: '/user/signup' });

    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(signUpBodies()[0]).toMatchObject({ role: 'Buyer' });
  });

  it('sends an address that already has an account to its inbox, with the ways in, signed out', async () => {
    answer({
      'GET /config': config,
      'POST /auth/sign-up/email': signedUp,
      'POST /auth/sign-in/email': apiError(401, 'unauthorized', 'Invalid email or password'),
    });
    const onSuccess = vi.fn();
    renderWithProviders(<SignUpForm redirectTo="/" onSuccess={onSuccess} />, { path: '/user/signup' });

    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    // The toast of the test before (react-hot-toast's store outlives a test) may still show, also a status.
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((status) => status.textContent)).toContainEqual(
        expect.stringMatching(
          /^Check your inbox at sam@example\.com: we have e-mailed you about your account\./,
        ),
      ),
    );
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/user/login');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(screen.queryByText('Invalid email or password')).not.toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("shows the server's refusal as an error toast and stays on the form", async () => {
    answer({
      'GET /config': config,
      'POST /auth/sign-up/email': apiError(
        429,
        'too_many_requests',
        'Too many sign-ups from your network. Try again in 60 minute(s).',
      ),
    });
    const onSuccess = vi.fn();
    renderWithProviders(<SignUpForm redirectTo="/" onSuccess={onSuccess} />, { path: '/user/signup' });

    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(
      await screen.findByText('Too many sign-ups from your network. Try again in 60 minute(s).'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('requires a name', async () => {
    answer({ 'GET /config': config });
    renderWithProviders(<SignUpForm redirectTo="/" onSuccess={vi.fn()} />, { path: '/user/signup' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(signUpBodies()).toEqual([]);
  });

  // A right-to-left override makes "Evil\u202Egnp.exe" read as "Evilexe.png"; a zero-width space
  // makes a second "Admin Team" that looks like the first.
  it.each([
    ['a right-to-left override', 'Evil\u202Egnp.exe'],
    ['a zero-width space', 'Admin\u200B Team'],
  ])(
    'refuses a name with %s, as the server would, with the shared rule, before sending anything',
    async (_, name) => {
      answer({ 'GET /config': config });
      renderWithProviders(<SignUpForm redirectTo="/" onSuccess={vi.fn()} />, { path: '/user/signup' });
      await userEvent.type(screen.getByLabelText('Name'), name);
      await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
      await userEvent.type(screen.getByLabelText('Password'), 'correct-horse');
      await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
      expect(
        await screen.findByText('Name cannot contain control or invisible characters'),
      ).toBeInTheDocument();
      expect(signUpBodies()).toEqual([]);
    },
  );
});
