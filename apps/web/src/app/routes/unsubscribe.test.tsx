import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderRoutes } from '../../testing/test-utils.tsx';
import { routes } from '../router.tsx';

/** The server's answers to a link: what it stops, and the one-click unsubscribe it may receive. */
function server(valid = true) {
  let email = true;
  const posts: string[] = [];
  const refusal = json(
    {
      error: {
        code: 'bad_request',
        message: 'This unsubscribe link is not valid. Change your e-mails in your notification settings.',
      },
    },
    400,
  );
  const fetchMock = mockFetch({
    '/api/me': json(null),
    '/api/categories': json([]),
    'GET /api/notifications/unsubscribe': () =>
      valid ? json({ kind: 'saved-car.price-dropped', email }) : refusal,
    'POST /api/notifications/unsubscribe': (_init, url) => {
      posts.push(url.searchParams.get('token') ?? '');
      email = false;
      return json({ kind: 'saved-car.price-dropped', email });
    },
  });
  return { posts, fetchMock };
}

describe('the unsubscribe page', () => {
  it('asks first (opening the link changes nothing), then stops that kind’s e-mails without a sign-in', async () => {
    const { posts } = server();
    renderRoutes(routes, { initialEntries: ['/notifications/unsubscribe?token=abc.def'] });
    expect(
      await screen.findByRole('heading', { name: 'Stop “Price drop” e\u2011mails?' }),
    ).toBeInTheDocument();
    expect(posts).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { name: 'You are unsubscribed' })).toBeInTheDocument();
    expect(posts).toEqual(['abc.def']);
    expect(screen.getByRole('link', { name: 'notification settings' }).getAttribute('href')).toBe(
      '/dash/notifications/settings',
    );
  });

  it('says a forged or broken link is not valid, and offers the settings', async () => {
    const { posts } = server(false);
    renderRoutes(routes, { initialEntries: ['/notifications/unsubscribe?token=forged'] });
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeInTheDocument();
    expect(screen.getByText(/This unsubscribe link is not valid/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('without a token asks nothing of the server', async () => {
    const { fetchMock } = server();
    renderRoutes(routes, { initialEntries: ['/notifications/unsubscribe'] });
    expect(await screen.findByText(/The unsubscribe link is incomplete/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContainEqual(
      expect.stringContaining('/notifications/unsubscribe'),
    );
  });
});
