/**
 * The signed-in user's live updates: one Server-Sent Events stream a page
 * (GET /api/notifications/stream; the browser opens it again by itself when it drops). Each event
 * names what changed for the user, one of LIVE_TOPICS; app/live-queries.ts decides what to ask again.
 */
import { LIVE_TOPICS, type LiveTopic } from '@redline/shared';
import { useEffect, useRef } from 'react';
import { streamUrl } from './api-client.ts';

/** Calls `onChange` with each topic the server says changed for the signed-in user (while `enabled`). */
export function useLiveUpdates(onChange: (topic: LiveTopic) => void, enabled: boolean) {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    // A browser without EventSource (none that Redline supports; jsdom) keeps what it fetched.
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(streamUrl('/notifications/stream'));
    for (const topic of LIVE_TOPICS) source.addEventListener(topic, () => latest.current(topic));
    return () => source.close();
  }, [enabled]);
}
