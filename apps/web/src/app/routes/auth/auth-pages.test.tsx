import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aMe, seller } from '../../../testing/fixtures/user.ts';
import { layoutAnswers } from '../../../testing/layout-answers.ts';
import { answer } from '../../../testing/network.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { routes } from '../../router.tsx';

/** Signed in as `me`, on the sign-in form or on the pages it sends them to. */
const signedIn = (me = aMe()) =>
  answer({
    ...layoutAnswers(me),
    'GET /config': {
      googleSignIn: false,
      browsing: 'public',
      units: 'imperial',
      payments: { provider: 'test' },
    },
    'GET /advertise': { items: [], nextCursor: null },
  });

const backTo = (pathname: string) => ({ from: { pathname, search: '', hash: '' } });

describe('sign-in and sign-up pages for a signed-in user', () => {
  it.each(['/user/login', '/user/signup'])(
    '%s sends them home when it carries no page to return to',
    async (page) => {
      signedIn();
      const { pathname } = renderRoutes(routes, { initialEntries: [page] });

      await waitFor(() => expect(pathname()).toBe('/'));
      expect(screen.queryByText(/needs a different account/)).not.toBeInTheDocument();
    },
  );

  it.each(['/user/login', '/user/signup'])('%s sends them on to the page it carries', async (page) => {
    signedIn();
    const { pathname } = renderRoutes(routes, {
      initialEntries: [{ pathname: page, state: backTo('/blog') }],
    });

    await waitFor(() => expect(pathname()).toBe('/blog'));
  });

  it.each(['/user/login', '/user/signup'])(
    '%s sends them on to the page a server redirect put in its address, never to another site',
    async (page) => {
      signedIn();
      const { pathname } = renderRoutes(routes, { initialEntries: [`${page}?returnTo=%2Fblog`] });
      await waitFor(() => expect(pathname()).toBe('/blog'));

      for (const elsewhere of ['https%3A%2F%2Fevil.example%2Fblog', '%2F%2Fevil.example%2Fblog']) {
        const away = renderRoutes(routes, { initialEntries: [`${page}?returnTo=${elsewhere}`] });
        await waitFor(() => expect(away.pathname()).toBe('/'));
      }
    },
  );

  it('keeps the sign-in form, saying why, for a user a page of another role sent there', async () => {
    signedIn(aMe(seller));
    const { pathname } = renderRoutes(routes, { initialEntries: ['/buyer/bookings/b1'] });

    expect(await screen.findByText(/That page needs a different account/)).toBeInTheDocument();
    expect(pathname()).toBe('/user/login');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('keeps the sign-in form for a user the server sent there from a page of another role', async () => {
    signedIn(aMe(seller));
    const { pathname } = renderRoutes(routes, {
      initialEntries: ['/user/login?returnTo=%2Fbuyer%2Fbookings%2Fb1&wrongAccount=1'],
    });

    expect(await screen.findByText(/That page needs a different account/)).toBeInTheDocument();
    expect(pathname()).toBe('/user/login');
  });
});
