import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { buildUrl } from '../../../lib/api-client.ts';
import { notificationKeys } from './notification-keys.ts';

/**
 * While `signedIn`, keeps the server's stream of the user's notification changes open (Server-Sent
 * Events; the browser opens it again by itself when it drops) and asks for the notifications again
 * at each change: made by anyone's action, or read in another tab.
 */
export function useLiveNotifications(signedIn: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    // A browser without EventSource (none that Redline supports; jsdom) keeps what it fetched.
    if (!signedIn || typeof EventSource === 'undefined') return;
    const source = new EventSource(buildUrl('/notifications/stream'));
    source.addEventListener('notifications', () => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    });
    return () => source.close();
  }, [signedIn, queryClient]);
}
