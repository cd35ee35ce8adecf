/**
 * Where to go after sign-in: guards send the visitor to the login page with `state.from` set to
 * the page they wanted; the auth forms return them there, or to the home page.
 */
import type { Location } from 'react-router';
import { paths } from '../../../config/paths.ts';

export type FromState = { from?: Pick<Location, 'pathname' | 'search' | 'hash'> };

const AUTH_PAGES: readonly string[] = [paths.login, paths.signUp, paths.forgotPassword, paths.resetPassword];

export function fromState(location: Pick<Location, 'pathname' | 'search' | 'hash'>): FromState {
  return { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
}

/** A same-site path to return to; anything odd (another origin, an auth page) falls back to home. */
export function redirectTarget(state: unknown): string {
  const from = (state as FromState | null | undefined)?.from;
  const pathname = from?.pathname;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//'))
    return paths.home;
  if (AUTH_PAGES.includes(pathname)) return paths.home;
  return `${pathname}${from?.search ?? ''}${from?.hash ?? ''}`;
}
