/**
 * What each live update asks again: the server's live topics (LIVE_TOPICS, the events of
 * GET /api/notifications/stream) are named after the domains whose data they say changed, and each
 * refreshes what a change of that domain refreshes (lib/query-keys.ts), as a mutation's would. A new
 * topic fails to compile until it names a domain the registry has a rule for.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useMe } from '../lib/auth.ts';
import { useLiveUpdates } from '../lib/live-updates.ts';
import { changed } from '../lib/query-keys.ts';

/** Keeps the signed-in user's open lists up to date as the server says they change. */
export function useLiveQueries() {
  const queryClient = useQueryClient();
  const signedIn = Boolean(useMe().data);
  useLiveUpdates((topic) => void changed(queryClient, topic), signedIn);
}
