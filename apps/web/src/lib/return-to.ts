/**
 * The page to come back to after signing in or up. Guards and every link to the sign-in and
 * sign-up pages carry it in the location state (`state.from`); the auth pages return there
 * (features/auth/utils/redirect.ts).
 */
import type { Location } from 'react-router';
import { paths } from '../config/paths.ts';

type Place = Pick<Location, 'pathname' | 'search' | 'hash'>;

export type FromState = {
  from?: Place;
  /** Set by a role guard: a user is signed in, but the page needs another kind of account. */
  wrongAccount?: boolean;
};

export const AUTH_PAGES: readonly string[] = [
  paths.login,
  paths.signUp,
  paths.forgotPassword,
  paths.resetPassword,
];

/**
 * The return address when leaving `location` for an auth page: that page itself, or, from one auth
 * page to another, the address that page already carries (an auth page is never the goal).
 */
export function fromState(location: Place & { state?: unknown }): FromState {
  if (AUTH_PAGES.includes(location.pathname)) {
    const from = (location.state as FromState | null | undefined)?.from;
    return from ? { from } : {};
  }
  return { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
}
