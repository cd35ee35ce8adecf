import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { resetNetwork, startNetwork, stopNetwork } from './src/testing/network.ts';

// Pages are lazy chunks: on a busy CI machine the first import can take longer than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no matchMedia; react-hot-toast and the theme code need it.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: vi.fn((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(() => false),
    })),
  });
}

// jsdom does not implement scrolling; React Router's scroll restoration calls it.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// The API is answered by each test's `answer()` (src/testing/network.ts); nothing else reaches fetch.
beforeAll(startNetwork);

afterEach(() => {
  cleanup();
  // react-hot-toast keeps its toasts in a module-level store: a test's toasts must not reach the next.
  toast.remove();
  window.localStorage.clear();
  resetNetwork();
});

afterAll(stopNetwork);
