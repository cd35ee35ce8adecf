import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aPublicConfig } from '../../../testing/fixtures/config.ts';
import { aNotification } from '../../../testing/fixtures/notification.ts';
import { aMe } from '../../../testing/fixtures/user.ts';
import { answer, requests } from '../../../testing/network.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { routes } from '../../router.tsx';

/** The server's answers, from a list that the test's reads change. */
function server() {
  const notes = [
    aNotification({ id: 'n-2', title: 'Sold', body: 'The 2018 McLaren 720S you saved has been sold.' }),
    aNotification({ id: 'n-1' }),
    aNotification({
      id: 'n-0',
      title: 'Your account is verified',
      link: '/dash',
      readAt: '2025-01-01T00:00:00.000Z',
    }),
  ];
  const unread = () => notes.filter((n) => !n.readAt).length;
  const reads: unknown[] = [];
  answer({
    'GET /me': aMe(),
    'GET /config': aPublicConfig(),
    'GET /categories': [],
    'GET /notifications': ({ query }) => {
      const limit = Number(query.get('limit') ?? 12);
      return { items: notes.slice(0, limit), nextCursor: null, unread: unread() };
    },
    'POST /notifications/read': ({ body }) => {
      reads.push(body);
      for (const note of notes)
        if (!body.ids || body.ids.includes(note.id)) note.readAt ??= '2025-01-06T00:00:00.000Z';
      return { unread: unread() };
    },
  });
  return { reads };
}

describe('notifications', () => {
  it('the bell counts the unread and leads to the list, where "Mark all as read" clears them', async () => {
    const { reads } = server();
    renderRoutes(routes, { initialEntries: ['/dash'] });

    const bell = await screen.findByRole('link', { name: 'Notifications, 2 unread' });
    expect(bell.getAttribute('href')).toBe('/dash/notifications');
    await userEvent.click(bell);

    const list = (await screen.findByText('Sold')).closest('ul') as HTMLElement;
    const items = within(list).getAllByRole('link');
    expect(items.map((item) => item.getAttribute('href'))).toEqual([
      '/cars/id/car-1',
      '/cars/id/car-1',
      '/dash',
    ]);
    expect(items.map((item) => within(item).queryByText('(unread)') !== null)).toEqual([true, true, false]);
    expect(screen.getByText('2 unread')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('All caught up')).toBeInTheDocument();
    expect(reads).toEqual([{}]);
    await waitFor(() => expect(screen.queryByRole('link', { name: /unread/ })).not.toBeInTheDocument());
    expect(within(list).queryByText('(unread)')).not.toBeInTheDocument();
  });

  it('opening an unread one marks it read and goes to its page', async () => {
    const { reads } = server();
    const { pathname } = renderRoutes(routes, { initialEntries: ['/dash/notifications'] });

    await userEvent.click(await screen.findByRole('link', { name: /^Sold/ }));
    await waitFor(() => expect(pathname()).toBe('/cars/id/car-1'));
    expect(reads).toEqual([{ ids: ['n-2'] }]);
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('shows no bell to a signed-out visitor, and asks nothing for it', async () => {
    answer({ 'GET /me': null, 'GET /categories': [] });
    renderRoutes(routes, { initialEntries: ['/blog'] });
    await screen.findByRole('link', { name: 'Get started' });
    expect(screen.queryByRole('link', { name: /^Notifications/ })).not.toBeInTheDocument();
    expect(requests().some((request) => request.path.startsWith('/notifications'))).toBe(false);
  });
});
