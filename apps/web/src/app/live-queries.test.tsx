import { LIVE_TOPICS, type LiveTopic } from '@redline/shared';
import type { QueryKey } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meQueryKey } from '../lib/auth.ts';
import { aUser } from '../testing/fixtures/user.ts';
import { json, mockFetch, renderWithProviders } from '../testing/test-utils.tsx';
import { LIVE_QUERY_KEYS, useLiveQueries } from './live-queries.ts';

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

/** A cached query of each list a live topic changes, as the pages make them. */
const LISTS: Record<LiveTopic, QueryKey[]> = {
  notifications: [
    ['notifications', 'list'],
    ['notifications', 'unread'],
  ],
  conversations: [
    ['conversations', 'list'],
    ['conversations', 'messages', 'c1'],
  ],
  bookings: [
    ['bookings', 'buyer', 'bea@example.com'],
    ['bookings', 'seller', 'sam@example.com'],
    ['bookings', 'detail', 'b1'],
  ],
  payments: [['payments', 'list']],
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
  mockFetch({ 'GET /api/me': json(aUser()) });
  const { queryClient, unmount } = renderWithProviders(<LiveLists />);
  await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
  const source = FakeEventSource.opened[0]!;
  for (const keys of Object.values(LISTS))
    for (const key of keys) queryClient.setQueryData(key, { items: [] });
  const invalidated = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated;
  return { source, invalidated, unmount };
}

describe('live queries', () => {
  it('has an entry for every topic the server sends, and listens for each', async () => {
    const { source } = await signedInPage();
    expect(source.url).toBe('/api/notifications/stream');
    for (const topic of LIVE_TOPICS) {
      expect(LIVE_QUERY_KEYS[topic].length).toBeGreaterThan(0);
      expect(source.listeners.has(topic)).toBe(true);
    }
  });

  it.each(LIVE_TOPICS)(
    'asks again for the lists an incoming "%s" event changes, and for no others',
    async (topic) => {
      const { source, invalidated } = await signedInPage();
      source.send(topic);
      for (const [other, keys] of Object.entries(LISTS))
        for (const key of keys) expect([other, key, invalidated(key)]).toEqual([other, key, other === topic]);
    },
  );

  it('opens no stream for a signed-out visitor, and closes it when the page goes', async () => {
    mockFetch({ 'GET /api/me': json(null) });
    const signedOut = renderWithProviders(<LiveLists />);
    // Known to be signed out: `me` answered.
    await waitFor(() => expect(signedOut.queryClient.getQueryState(meQueryKey)?.status).toBe('success'));
    expect(FakeEventSource.opened).toHaveLength(0);
    signedOut.unmount();

    const { source, unmount } = await signedInPage();
    unmount();
    expect(source.closed).toBe(true);
  });
});
