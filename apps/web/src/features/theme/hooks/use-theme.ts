/**
 * Light/dark theme. Follows the system setting until the visitor picks one; the pick is kept in
 * localStorage. public/theme-init.js applies the same rules before first paint — keep them in sync.
 */
import { useSyncExternalStore } from 'react';

export type ThemeMode = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'redline-theme';
/** daisyUI theme names defined in index.css. */
export const DAISY_THEMES: Record<ThemeMode, string> = { light: 'redline', dark: 'redline-dark' };

const DARK_QUERY = '(prefers-color-scheme: dark)';

function storedChoice(): ThemeMode | null {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

function systemMode(): ThemeMode {
  return window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

export function resolveTheme(): ThemeMode {
  return storedChoice() ?? systemMode();
}

function apply(mode: ThemeMode) {
  document.documentElement.setAttribute('data-theme', DAISY_THEMES[mode]);
}

const listeners = new Set<() => void>();
let current: ThemeMode | null = null;

function update() {
  const next = resolveTheme();
  apply(next);
  if (next !== current) {
    current = next;
    for (const listener of listeners) listener();
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.matchMedia?.(DARK_QUERY).addEventListener?.('change', update);
    window.addEventListener('storage', update); // a choice made in another tab
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.matchMedia?.(DARK_QUERY).removeEventListener?.('change', update);
      window.removeEventListener('storage', update);
    }
  };
}

function getSnapshot(): ThemeMode {
  current ??= resolveTheme();
  return current;
}

export function setTheme(mode: ThemeMode) {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    // Storage blocked: the choice still applies to this page view.
    apply(mode);
    current = mode;
    for (const listener of listeners) listener();
    return;
  }
  update();
}

export function useTheme() {
  const theme = useSyncExternalStore(subscribe, getSnapshot, () => 'light' as const);
  return {
    theme,
    setTheme,
    toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark'),
  };
}
