/**
 * The app's toasts. react-hot-toast and its styling library load on the first toast, not with the
 * first page (docs/decisions/0002): `toast.success(…)` and `toast.error(…)` are the one way to show
 * one, and `<AppToaster>` (components/ui/toaster.tsx) mounts react-hot-toast's `<Toaster>` from then on.
 */
import { useSyncExternalStore } from 'react';

let library: Promise<typeof import('react-hot-toast')> | undefined;
const listeners = new Set<() => void>();

/** Loads react-hot-toast once, and tells the toaster to appear. */
export function loadToasts(): Promise<typeof import('react-hot-toast')> {
  if (!library) {
    library = import('react-hot-toast');
    for (const listener of listeners) listener();
  }
  return library;
}

function show(kind: 'success' | 'error', message: string) {
  // A toast is shown once its library has loaded (a few kilobytes, on the first toast only).
  void loadToasts().then(({ toast: library }) => library[kind](message));
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether a toast was asked for on this page view: false on the server and until the first toast. */
export function useToastsRequested(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => library !== undefined,
    () => false,
  );
}
