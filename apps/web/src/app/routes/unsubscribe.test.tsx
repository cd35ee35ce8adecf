import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, apiError, requests } from '../../testing/network.ts';
import { renderRoutes } from '../../testing/test-utils.tsx';
import { routes } from '../router.tsx';

/** The server's answers to a link: what it stops, and the one-click unsubscribe it may receive. */
function server(valid = true) {
  let email = true;
  const posts: string[] = [];
  const refusal = apiError(
    400,
    'bad_request',
    'This unsubscribe link is not valid. Change your e-mails in your notification settings.',
  );
  answer({
    'GET /me': null,
    'GET /categories': [],
    'GET /notifications/unsubscribe': () => (valid ? { kind: 'saved-car.price-dropped', email } : refusal),
    'POST /notifications/unsubscribe': ({ query }) => {
      posts.push(query.get('token') ?? '');
      email = false;
      return { kind: 'saved-car.price-dropped', email };
    },
  });
  return { posts };
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
    server();
    renderRoutes(routes, { initialEntries: ['/notifications/unsubscribe'] });
    expect(await screen.findByText(/The unsubscribe link is incomplete/)).toBeInTheDocument();
    expect(requests().map((request) => request.path)).not.toContainEqual(
      expect.stringContaining('/notifications/unsubscribe'),
    );
  });
});
