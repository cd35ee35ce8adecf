import { LIVE_TOPICS, type LiveTopic } from '@redline/shared';
import type { QueryKey } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appKeys, queryKeys } from '../lib/query-keys.ts';
import { aMe } from '../testing/fixtures/user.ts';
import { answer } from '../testing/network.ts';
import { renderWithProviders } from '../testing/test-utils.tsx';
import { useLiveQueries } from './live-queries.ts';

/** The browser's EventSource, as far as the app uses it: the test says what the server sent. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly listeners = new Map<string, () => void>();
  closed = false;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, listener: () => void) {
    this.listeners.set(name, listener);
  }
  close() {
    this.closed = true;
  }
  /** The server's `event: <name>` line. */
  send(name: string) {
    this.listeners.get(name)?.();
  }
}

/** Cached queries of the lists live topics change, and of others that no topic changes. */
const LISTS = {
  notifications: [queryKeys.notifications.list(), queryKeys.notifications.unread()],
  conversations: [queryKeys.conversations.list(), queryKeys.conversations.messages('c1')],
  bookings: [
    queryKeys.bookings.buyer('bea@example.com'),
    queryKeys.bookings.seller('sam@example.com'),
    queryKeys.bookings.detail('b1'),
  ],
  payments: [queryKeys.payments.list()],
  others: [queryKeys.cars.detail('c1'), queryKeys.notificationSettings.preferences()],
} satisfies Record<LiveTopic | 'others', QueryKey[]>;

/** What each topic says changed: a payment or a refund changes its booking, or its offer's deposit (a move in its conversation), too. */
const CHANGED_BY: Record<LiveTopic, string[]> = {
  notifications: ['notifications'],
  conversations: ['conversations'],
  bookings: ['bookings'],
  payments: ['payments', 'bookings', 'offers', 'conversations'],
};

function LiveLists() {
  useLiveQueries();
  return null;
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

async function signedInPage() {
  answer({ 'GET /me': aMe() });
  const { queryClient, unmount } = renderWithProviders(<LiveLists />);
  await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
  const source = FakeEventSource.opened[0]!;
  for (const keys of Object.values(LISTS))
    for (const key of keys) queryClient.setQueryData(key, { items: [] });
  const invalidated = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated;
  return { source, invalidated, unmount };
}

describe('live queries', () => {
  it('listens for every topic the server sends', async () => {
    const { source } = await signedInPage();
    expect(source.url).toBe('/api/notifications/stream');
    for (const topic of LIVE_TOPICS) expect(source.listeners.has(topic)).toBe(true);
  });

  it.each(LIVE_TOPICS)(
    'asks again for the lists an incoming "%s" event changes, and for no others',
    async (topic) => {
      const { source, invalidated } = await signedInPage();
      source.send(topic);
      for (const [other, keys] of Object.entries(LISTS))
        for (const key of keys)
          expect([other, key, invalidated(key)]).toEqual([other, key, CHANGED_BY[topic].includes(other)]);
    },
  );

  it('opens no stream for a signed-out visitor, and closes it when the page goes', async () => {
    answer({ 'GET /me': null });
    const signedOut = renderWithProviders(<LiveLists />);
    // Known to be signed out: `me` answered.
    await waitFor(() => expect(signedOut.queryClient.getQueryState(appKeys.me)?.status).toBe('success'));
    expect(FakeEventSource.opened).toHaveLength(0);
    signedOut.unmount();

    const { source, unmount } = await signedInPage();
    unmount();
    expect(source.closed).toBe(true);
  });
});
