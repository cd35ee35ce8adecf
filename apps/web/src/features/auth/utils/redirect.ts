/**
 * Where to go after sign-in: guards and links send the visitor to the auth pages with `state.from`
 * set to the page they were on (lib/return-to.ts); the auth pages return them there, or home.
 */
import { paths } from '../../../config/paths.ts';
import { AUTH_PAGES, type FromState } from '../../../lib/return-to.ts';

export type { FromState };

/** A same-site path to return to; anything odd (another origin, an auth page) falls back to home. */
export function redirectTarget(state: unknown): string {
  const from = (state as FromState | null | undefined)?.from;
  const pathname = from?.pathname;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//'))
    return paths.home;
  if (AUTH_PAGES.includes(pathname)) return paths.home;
  return `${pathname}${from?.search ?? ''}${from?.hash ?? ''}`;
}
