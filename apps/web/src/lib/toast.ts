/**
 * The app's toasts. react-hot-toast and its styling library load on the first toast, not with the
 * first page (docs/decisions/0002): `toast.success(…)` and `toast.error(…)` are the one way to show
 * one, and `<AppToaster>` (components/ui/toaster.tsx) mounts react-hot-toast's `<Toaster>` from then on.
 */
import { createElement, type MouseEvent, useSyncExternalStore } from 'react';

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

/**
 * A link after a toast's message, e.g. to the page that lists what was just saved. Toasts render
 * outside the router (app/provider.tsx): the caller's `navigate` (React Router's) follows it.
 */
export type ToastLink = { label: string; href: string; navigate: (href: string) => void };

/** How long a toast with a link stays: long enough to read it and reach the link. */
const LINK_TOAST_MS = 8000;

function show(kind: 'success' | 'error', message: string, link?: ToastLink) {
  // A toast is shown once its library has loaded (a few kilobytes, on the first toast only).
  void loadToasts().then(({ toast: library }) => {
    if (!link) {
      library[kind](message);
      return;
    }
    library[kind](
      (shown) =>
        createElement(
          'span',
          null,
          `${message} `,
          createElement(
            'a',
            {
              href: link.href,
              className: 'link link-primary font-medium',
              onClick: (event: MouseEvent) => {
                // A new tab or window opens as the browser does it; a plain click stays in the app.
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
                  return;
                event.preventDefault();
                library.dismiss(shown.id);
                link.navigate(link.href);
              },
            },
            link.label,
          ),
        ),
      { duration: LINK_TOAST_MS },
    );
  });
}

export const toast = {
  success: (message: string, link?: ToastLink) => show('success', message, link),
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
