/**
 * Whether the page is past hydration: false on the server and while React takes the server's HTML
 * over (it reads the server's snapshot then), true afterwards and on a page the browser renders
 * itself. What differs between server and browser renders the server's way first, then the browser's.
 */
import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
