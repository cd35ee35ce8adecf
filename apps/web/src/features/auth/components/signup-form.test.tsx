import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buyer, json, mockFetch, renderWithProviders, seller } from '../../../testing/test-utils.tsx';
import { SignUpForm } from './signup-form.tsx';

const signUpEmail = vi.hoisted(() => vi.fn());

// Only the network edge is faked: Better Auth's client call.
vi.mock('../../../lib/auth-client.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/auth-client.ts')>();
  return { ...actual, authClient: { signUp: { email: signUpEmail } } };
});

const config = json({ googleSignIn: false, payments: { provider: 'test' } });

async function fillIn() {
  await userEvent.type(screen.getByLabelText('Name'), 'Sam Seller');
  await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'correct-horse');
}

describe('SignUpForm', () => {
  beforeEach(() => signUpEmail.mockReset());

  it('signs up a Seller when "I want to sell cars" is on', async () => {
    signUpEmail.mockResolvedValue({ data: { user: { id: 'u-seller' } }, error: null });
    mockFetch({ '/api/config': config, '/api/me': json(seller) });
    const onSuccess = vi.fn();
    renderWithProviders(<SignUpForm redirectTo="/" onSuccess={onSuccess} />, { path: '/user/signup' });

    await fillIn();
    const toggle = screen.getByRole('switch', { name: 'I want to sell cars' });
    await userEvent.click(toggle);
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(signUpEmail).toHaveBeenCalledWith({
      name: 'Sam Seller',
      email: 'sam@example.com',
      password: 'correct-horse',
      role: 'Seller',
    });
    expect(await screen.findByText('Successfully signed up')).toBeTruthy();
  });

  it('signs up a Buyer when the toggle is left off', async () => {
    signUpEmail.mockResolvedValue({ data: { user: { id: 'u-buyer' } }, error: null });
    mockFetch({ '/api/config': config, '/api/me': json(buyer) });
    const onSuccess = vi.fn();
    renderWithProviders(<SignUpForm redirectTo="/" onSuccess={onSuccess} />, { path: '/user/signup' });

    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(signUpEmail.mock.calls[0]?.[0]).toMatchObject({ role: 'Buyer' });
  });

  it("shows the provider's error message as an error toast and stays on the form", async () => {
    signUpEmail.mockResolvedValue({
      data: null,
      error: {
        status: 409,
        statusText: 'Conflict',
        error: { code: 'conflict', message: 'An account with this email already exists. Sign in instead.' },
      },
    });
    mockFetch({ '/api/config': config });
    const onSuccess = vi.fn();
    renderWithProviders(<SignUpForm redirectTo="/" onSuccess={onSuccess} />, { path: '/user/signup' });

    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(
      await screen.findByText('An account with this email already exists. Sign in instead.'),
    ).toBeTruthy();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('requires a name', async () => {
    mockFetch({ '/api/config': config });
    renderWithProviders(<SignUpForm redirectTo="/" onSuccess={vi.fn()} />, { path: '/user/signup' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(signUpEmail).not.toHaveBeenCalled();
  });
});
