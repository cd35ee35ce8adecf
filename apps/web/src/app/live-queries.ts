/**
 * What each live update asks again: the one map from the server's live topics (LIVE_TOPICS, the
 * events of GET /api/notifications/stream) to the query keys of every list and page that shows
 * what the topic says changed. A new topic fails to compile until it has its entry here; a new list
 * belongs under one of these keys.
 */
import type { LiveTopic } from '@redline/shared';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { bookingKeys } from '../features/bookings/index.ts';
import { conversationKeys } from '../features/conversations/index.ts';
import { notificationKeys } from '../features/notifications/index.ts';
import { paymentKeys } from '../features/payments/index.ts';
import { useMe } from '../lib/auth.ts';
import { useLiveUpdates } from '../lib/live-updates.ts';

export const LIVE_QUERY_KEYS: Record<LiveTopic, readonly QueryKey[]> = {
  // The list, the bell's unread count.
  notifications: [notificationKeys.all],
  // The list and every open thread.
  conversations: [conversationKeys.all],
  // The buyer's bookings, the seller's requests, a booking's own page (a payment's too).
  bookings: [bookingKeys.all],
  // The admins' payments ledger, refunds included.
  payments: [paymentKeys.list()],
};

/** Keeps the signed-in user's open lists up to date as the server says they change. */
export function useLiveQueries() {
  const queryClient = useQueryClient();
  const signedIn = Boolean(useMe().data);
  useLiveUpdates((topic) => {
    for (const queryKey of LIVE_QUERY_KEYS[topic]) queryClient.invalidateQueries({ queryKey });
  }, signedIn);
}
