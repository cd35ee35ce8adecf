import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buyer, seller } from '../../../testing/fixtures/user.ts';
import { json, mockFetch, renderWithProviders } from '../../../testing/test-utils.tsx';
import { SignUpForm } from './signup-form.tsx';

const config = json({ googleSignIn: false, payments: { provider: 'test' } });
const SIGN_UP = 'POST /api/auth/sign-up/email';
const SIGN_IN = 'POST /api/auth/sign-in/email';
/** Signing up answers the same for every address (ADR 35); the sign-in after it tells. */
const signedUp = json({ user: { id: 'u-any' } });

/** The JSON bodies sent to the sign-up call. */
const signUpBodies = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url) === '/api/auth/sign-up/email')
    .map(([, init]) => JSON.parse(String(init?.body)));

async function fillIn() {
  await userEvent.type(screen.getByLabelText('Name'), 'Sam Seller');
  await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'correct-horse');
}

describe('SignUpForm', () => {
  it('signs up a Seller when "I want to sell cars" is on', async () => {
    const fetchMock = mockFetch({
      '/api/config': config,
      '/api/me': json(seller),
      [SIGN_UP]: signedUp,
      [SIGN_IN]: json({ user: { id: 'u-seller' } }),
    });
    const onSuccess = vi.fn();
    renderWithProviders(<SignUpForm redirectTo="/" onSuccess={onSuccess} />, { path: '/user/signup' });

    await fillIn();
    const toggle = screen.getByRole('switch', { name: 'I want to sell cars' });
    await userEvent.click(toggle);
    expect(toggle).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(signUpBodies(fetchMock)).toEqual([
      { name: 'Sam Seller', email: 'sam@example.com', password: 'correct-horse', role: 'Seller' },
    ]);
    expect(
      await screen.findByText('Account created. We have e-mailed you a link to confirm your address.'),
    ).toBeInTheDocument();
  });

  it('signs up a Buyer when the toggle is left off', async () => {
    const fetchMock = mockFetch({
      '/api/config': config,
      '/api/me': json(buyer),
      [SIGN_UP]: signedUp,
      [SIGN_IN]: json({ user: { id: 'u-buyer' } }),
    });
    const onSuccess = vi.fn();
    renderWithProviders(<SignUpForm redirectTo="/" onSuccess={onSuccess} />, { path: '/user/signup' });

    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(signUpBodies(fetchMock)[0]).toMatchObject({ role: 'Buyer' });
  });

  it('sends an address that already has an account to its inbox, with the ways in, signed out', async () => {
    mockFetch({
      '/api/config': config,
      [SIGN_UP]: signedUp,
      [SIGN_IN]: json({ error: { code: 'unauthorized', message: 'Invalid email or password' } }, 401),
    });
    const onSuccess = vi.fn();
    renderWithProviders(<SignUpForm redirectTo="/" onSuccess={onSuccess} />, { path: '/user/signup' });

    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect((await screen.findByRole('status')).textContent).toMatch(
      /^Check your inbox at sam@example\.com: we have e-mailed you about your account\./,
    );
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/user/login');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(screen.queryByText('Invalid email or password')).not.toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("shows the server's refusal as an error toast and stays on the form", async () => {
    mockFetch({
      '/api/config': config,
      [SIGN_UP]: json(
        {
          error: {
            code: 'too_many_requests',
            message: 'Too many sign-ups from your network. Try again in 60 minute(s).',
          },
        },
        429,
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
    const fetchMock = mockFetch({ '/api/config': config });
    renderWithProviders(<SignUpForm redirectTo="/" onSuccess={vi.fn()} />, { path: '/user/signup' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(signUpBodies(fetchMock)).toEqual([]);
  });

  // A right-to-left override makes "Evil\u202Egnp.exe" read as "Evilexe.png"; a zero-width space
  // makes a second "Admin Team" that looks like the first.
  it.each([
    ['a right-to-left override', 'Evil\u202Egnp.exe'],
    ['a zero-width space', 'Admin\u200B Team'],
  ])(
    'refuses a name with %s, as the server would, with the shared rule, before sending anything',
    async (_, name) => {
      const fetchMock = mockFetch({ '/api/config': config });
      renderWithProviders(<SignUpForm redirectTo="/" onSuccess={vi.fn()} />, { path: '/user/signup' });
      await userEvent.type(screen.getByLabelText('Name'), name);
      await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
      await userEvent.type(screen.getByLabelText('Password'), 'correct-horse');
      await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
      expect(
        await screen.findByText('Name cannot contain control or invisible characters'),
      ).toBeInTheDocument();
      expect(signUpBodies(fetchMock)).toEqual([]);
    },
  );
});
