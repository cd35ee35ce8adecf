/**
 * Route guards (spec section 6). Signed-out visitors go to the login page and come back afterwards;
 * a page for other roles (buyer, seller or admin) sends a signed-in user to the login page, told that
 * the page needs another account; the sign-in and sign-up pages send a signed-in user on to where
 * they were going. The server enforces the same rules; these only spare a pointless screen.
 */
import type { Browsing, Role } from '@redline/shared';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageProgress } from '../../../components/ui/progress-bar.tsx';
import { paths } from '../../../config/paths.ts';
import { useAppConfig } from '../../../lib/app-config.ts';
import { type User, useGuardsCheckedByServer, useMe } from '../../../lib/auth.ts';
import { authPageState, type FromState, fromState } from '../../../lib/return-to.ts';
import { redirectTarget } from '../utils/redirect.ts';

function SessionError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-lg p-6">
      <div role="alert" className="alert alert-error alert-soft">
        <span>We could not check your session. Please try again.</span>
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          Try again
        </button>
      </div>
    </div>
  );
}

/**
 * Renders its children (or the nested routes) only for a signed-in user; while the session is being
 * checked, only on the page whose guards the server checked (lib/auth.ts).
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  const checkedByServer = useGuardsCheckedByServer();
  if (me.isPending)
    return checkedByServer ? (children ?? <Outlet />) : <PageProgress label="Checking your session" />;
  if (me.isError) return <SessionError onRetry={() => me.refetch()} />;
  if (!me.data) return <Navigate to={paths.login} replace state={fromState(location)} />;
  return children ?? <Outlet />;
}

/**
 * Whether the pages of the cars for sale need a signed-in user: when the server's browsing is not
 * public (BROWSING=signed-in), or not known (its configuration could not be read).
 */
export function browsingNeedsSignIn(browsing: Browsing | undefined): boolean {
  return browsing !== 'public';
}

/**
 * The pages of the cars for sale (a category, search, a car, a seller): anyone's when the server's
 * browsing is public (its configuration comes with the server-rendered page), else `RequireAuth`'s.
 */
export function RequireBrowsing() {
  const config = useAppConfig();
  if (config.isPending) return <PageProgress label="Loading" />;
  if (!browsingNeedsSignIn(config.data?.browsing)) return <Outlet />;
  return <RequireAuth />;
}

export type RequireRoleProps = {
  roles: readonly Role[];
  children?: ReactNode;
};

/**
 * Where a role guard sends `user` (`null`: signed out): nowhere (`pass`) on a page for their role,
 * else to the login page, whatever the page's role. The server sends them to the same place before
 * any HTML (app/page-data.ts).
 */
export function roleGuard(roles: readonly Role[], user: User | null): 'pass' | 'login' {
  return user && roles.includes(user.role) ? 'pass' : 'login';
}

/**
 * Renders only for the given roles; anyone else goes to the login page, remembering where they
 * wanted to go, and a signed-in user is told the page needs another account. While the session is
 * being checked, it renders only the page whose guards the server checked (lib/auth.ts).
 */
export function RequireRole({ roles, children }: RequireRoleProps) {
  const me = useMe();
  const location = useLocation();
  const checkedByServer = useGuardsCheckedByServer();
  if (me.isPending)
    return checkedByServer ? (children ?? <Outlet />) : <PageProgress label="Checking your access" />;
  if (me.isError) return <SessionError onRetry={() => me.refetch()} />;
  const user = me.data;
  if (roleGuard(roles, user) === 'pass') return children ?? <Outlet />;
  const state: FromState = { ...fromState(location), wrongAccount: Boolean(user) };
  return <Navigate to={paths.login} replace state={state} />;
}

/**
 * Where the sign-in and sign-up pages, opened at `location`, send `user` (`null`: signed out): a
 * signed-in user on to the page they came from (or home); `undefined` for one who stays, signed out
 * or sent there by a role guard to sign in with another account. The server sends them to the same
 * place before any HTML (app/page-data.ts).
 */
export function signedInGuard(
  location: Parameters<typeof authPageState>[0],
  user: User | null,
): string | undefined {
  const state = authPageState(location);
  return user && !state.wrongAccount ? redirectTarget(state) : undefined;
}

/** The sign-in and sign-up pages: a signed-in user goes on where `signedInGuard` says. */
export function RedirectSignedIn() {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <PageProgress label="Checking your session" />;
  const target = signedInGuard(location, me.data ?? null);
  if (target) return <Navigate to={target} replace />;
  return <Outlet />;
}
