import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aMe } from '../../../testing/fixtures/user.ts';
import { layoutAnswers } from '../../../testing/layout-answers.ts';
import { type Answers, answer } from '../../../testing/network.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { routes } from '../../router.tsx';

const signedOut: Answers = { 'GET /me': null, 'GET /categories': [] };

describe('the page a confirmation link lands on', () => {
  it('says the address is confirmed, and leads a signed-in user to the dashboard', async () => {
    answer({
      ...layoutAnswers(aMe()),
    });
    renderRoutes(routes, { initialEntries: ['/user/email-confirmed'] });

    expect(await screen.findByRole('heading', { name: 'Address confirmed' })).toBeInTheDocument();
    expect(screen.getByText(/Your e-mail address is confirmed/)).toBeInTheDocument();
    expect((await screen.findByRole('link', { name: 'Go to your dashboard' })).getAttribute('href')).toBe(
      '/dash',
    );
  });

  it('says why an expired link did not confirm, and how to get a new one', async () => {
    answer(signedOut);
    renderRoutes(routes, { initialEntries: ['/user/email-confirmed?error=TOKEN_EXPIRED'] });

    expect(await screen.findByRole('heading', { name: 'This link has expired' })).toBeInTheDocument();
    expect(screen.getByRole('alert').textContent).toBe(
      'Confirmation links work for a day. Sign in, then send a new one from your dashboard.',
    );
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/user/login');
  });

  it('says a link that is not valid did not confirm', async () => {
    answer(signedOut);
    renderRoutes(routes, { initialEntries: ['/user/email-confirmed?error=INVALID_TOKEN'] });

    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeInTheDocument();
    expect(screen.queryByText(/is confirmed/)).not.toBeInTheDocument();
  });
});
