import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aMe } from '../../testing/fixtures/user.ts';
import { answer } from '../../testing/network.ts';
import { renderRoutes } from '../../testing/test-utils.tsx';
import { routes } from '../router.tsx';

/** The home page, as `me` (null: signed out), once its hero is there. */
async function renderHome(me: ReturnType<typeof aMe> | null) {
  answer({
    'GET /me': me,
    'GET /categories': [],
    'GET /advertise': { items: [], nextCursor: null },
    'GET /notifications': { items: [], nextCursor: null, unread: 0 },
  });
  renderRoutes(routes, { initialEntries: ['/'] });
  await screen.findByRole('region', { name: 'Find your next exotic' });
}

describe('the home page hero', () => {
  it('invites a visitor to create an account', async () => {
    await renderHome(null);
    expect((await screen.findByRole('link', { name: 'Create an account' })).getAttribute('href')).toBe(
      '/user/signup',
    );
    expect(screen.queryByRole('link', { name: 'Your dashboard' })).not.toBeInTheDocument();
  });

  it('takes a signed-in visitor to their dashboard instead', async () => {
    await renderHome(aMe());
    expect((await screen.findByRole('link', { name: 'Your dashboard' })).getAttribute('href')).toBe('/dash');
    expect(screen.queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument();
  });
});
