import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, requests } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { LoginForm } from './login-form.tsx';

const answerConfig = ({ googleSignIn = false } = {}) =>
  answer({
    'GET /config': { googleSignIn, browsing: 'public', units: 'imperial', payments: { provider: 'test' } },
  });

describe('LoginForm', () => {
  it('shows the email and password rules under their fields on an empty submit, and sends nothing', async () => {
    answerConfig();
    renderWithProviders(<LoginForm redirectTo="/" onSuccess={vi.fn()} />, { path: '/user/login' });

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const emailError = await screen.findByText('Email is required');
    const passwordError = screen.getByText('Password must be at least 7 characters');
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe(emailError.id);
    expect(password.getAttribute('aria-describedby')).toBe(passwordError.id);
    expect(requests().some((request) => request.path.startsWith('/auth/'))).toBe(false);
  });

  it('rejects a malformed address and a short password', async () => {
    answerConfig();
    renderWithProviders(<LoginForm redirectTo="/" onSuccess={vi.fn()} />, { path: '/user/login' });

    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 7 characters')).toBeInTheDocument();
  });

  it('toggles the password between hidden and shown', async () => {
    answerConfig();
    renderWithProviders(<LoginForm redirectTo="/" onSuccess={vi.fn()} />, { path: '/user/login' });

    const password = screen.getByLabelText('Password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(password.getAttribute('type')).toBe('password');
    await userEvent.click(toggle);
    expect(password.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });

  it('offers Google only when the server has it configured', async () => {
    answerConfig({ googleSignIn: true });
    renderWithProviders(<LoginForm redirectTo="/" onSuccess={vi.fn()} />, { path: '/user/login' });
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
  });

  it('links to the forgot-password and sign-up pages', () => {
    answerConfig();
    renderWithProviders(<LoginForm redirectTo="/" onSuccess={vi.fn()} />, { path: '/user/login' });
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/user/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/user/signup');
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument();
  });
});
