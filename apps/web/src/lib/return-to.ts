/**
 * The page to come back to after signing in or up. Guards and every link to the sign-in and
 * sign-up pages carry it in the location state (`state.from`); the auth pages return there
 * (features/auth/utils/redirect.ts). A visitor who asked for something that needs an account comes
 * back with it in the address (`?then=save`: lib/account-action.ts).
 */
import type { Location } from 'react-router';
import { paths } from '../config/paths.ts';

type Place = Pick<Location, 'pathname' | 'search' | 'hash'>;

export type FromState = {
  from?: Place;
  /** Set by a role guard: a user is signed in, but the page needs another kind of account. */
  wrongAccount?: boolean;
};

/**
 * The query parameters that carry the state when the server sends a visitor to sign in (a redirect
 * cannot set history state): the return address, and for a signed-in user sent by a role guard,
 * that they need another account: `/user/login?returnTo=%2Fdash&wrongAccount=1`.
 */
export const RETURN_TO_PARAM = 'returnTo';
const WRONG_ACCOUNT_PARAM = 'wrongAccount';

/** The sign-in address that returns to `target` (a path with its search) afterwards. */
export function loginReturningTo(target: string, { wrongAccount = false } = {}): string {
  const search = new URLSearchParams({ [RETURN_TO_PARAM]: target });
  if (wrongAccount) search.set(WRONG_ACCOUNT_PARAM, '1');
  return `${paths.login}?${search}`;
}

/** The state a server redirect put in the search; no return address for another origin. */
function stateInSearch(search: string): FromState {
  const params = new URLSearchParams(search);
  const state: FromState = params.get(WRONG_ACCOUNT_PARAM) === '1' ? { wrongAccount: true } : {};
  const target = params.get(RETURN_TO_PARAM);
  if (!target?.startsWith('/')) return state;
  const base = 'http://redline.invalid';
  const url = new URL(target, base);
  if (url.origin !== base) return state;
  return { ...state, from: { pathname: url.pathname, search: url.search, hash: url.hash } };
}

export const AUTH_PAGES: readonly string[] = [
  paths.login,
  paths.signUp,
  paths.forgotPassword,
  paths.resetPassword,
];

/** What an auth page was opened with: its history state, or after a server redirect, the address in its search. */
export function authPageState(location: Place & { state?: unknown }): FromState {
  return (location.state as FromState | null) ?? stateInSearch(location.search);
}

/**
 * The return address when leaving `location` for an auth page: that page itself, or, from one auth
 * page to another, the address that page already carries, in its state or, after a server redirect,
 * in its search (an auth page is never the goal).
 */
export function fromState(location: Place & { state?: unknown }): FromState {
  if (AUTH_PAGES.includes(location.pathname)) {
    const from =
      (location.state as FromState | null | undefined)?.from ?? stateInSearch(location.search).from;
    return from ? { from } : {};
  }
  return { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
}

/** The search parameter of the return address that names what the visitor asked to do (`?then=save`). */
export const THEN_PARAM = 'then';

/** The state for the sign-in page that brings the visitor back to `location` to do `action`. */
export function fromStateThen(location: Place, action: string): FromState {
  const search = new URLSearchParams(location.search);
  search.set(THEN_PARAM, action);
  return { from: { pathname: location.pathname, search: `?${search}`, hash: location.hash } };
}
