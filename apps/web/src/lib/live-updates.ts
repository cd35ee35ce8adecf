/**
 * The signed-in user's live updates: one Server-Sent Events stream a page
 * (GET /api/notifications/stream; the browser opens it again by itself when it drops), shared by
 * every part of the page that listens, and closed when none does. Each event names what changed
 * (`notifications`, `conversations`); a listener asks again for what it shows.
 */
import { useEffect, useRef } from 'react';
import { buildUrl } from './api-client.ts';

export type LiveTopic = 'notifications' | 'conversations';

const listeners = new Map<LiveTopic, Set<() => void>>();
let source: EventSource | undefined;

function listen(topic: LiveTopic, listener: () => void) {
  let own = listeners.get(topic);
  if (!own) {
    own = new Set();
    listeners.set(topic, own);
  }
  own.add(listener);
  if (!source) {
    source = new EventSource(buildUrl('/notifications/stream'));
    for (const name of ['notifications', 'conversations'] as const)
      source.addEventListener(name, () => {
        for (const each of listeners.get(name) ?? []) each();
      });
  }
  return () => {
    own.delete(listener);
    if ([...listeners.values()].every((set) => set.size === 0)) {
      source?.close();
      source = undefined;
    }
  };
}

/** Calls `onChange` each time the server says `topic` changed for the signed-in user (while `enabled`). */
export function useLiveUpdates(topic: LiveTopic, onChange: () => void, enabled: boolean) {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    // A browser without EventSource (none that Redline supports; jsdom) keeps what it fetched.
    if (!enabled || typeof EventSource === 'undefined') return;
    return listen(topic, () => latest.current());
  }, [topic, enabled]);
}
