/**
 * What needs an account, asked for by a visitor on a page anyone may browse (issue 47): the visitor
 * goes to sign in (or up, from there) and comes back to the same page with the action in its address
 * (`?then=save`, lib/return-to.ts), where the action's own button does it (save, save a search) or
 * opens it (report, message, book) once, and takes it out of the address. Only when this tab asked
 * for it (ASKED, in the tab's session storage): a link with `?then=save-search` from elsewhere does
 * nothing for a signed-in user who follows it.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../config/paths.ts';
import { fromStateThen, THEN_PARAM } from './return-to.ts';

export type AccountAction = 'save' | 'report' | 'message' | 'book' | 'offer' | 'save-search';

/** The action this tab's visitor went to sign in for, and on which page: `save /cars/id/…`. */
const ASKED = 'redline:account-action';
const asked = (action: AccountAction, pathname: string) => `${action} ${pathname}`;

/** Sends the visitor to sign in, to come back here and do `action`. */
export function useSignInThen(action: AccountAction): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    sessionStorage.setItem(ASKED, asked(action, location.pathname));
    void navigate(paths.login, { state: fromStateThen(location, action) });
  };
}

/**
 * Runs `act` once when the page was opened to do `action` and the user may do it now (`ready`: who
 * they are and what `act` needs are known), then takes the action out of the address.
 */
export function useActionOnReturn(action: AccountAction, ready: boolean, act: () => void): void {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const inAddress = params.get(THEN_PARAM) === action;
  const latest = useRef(act);
  latest.current = act;
  const done = useRef(false);
  useEffect(() => {
    if (!inAddress || !ready || done.current) return;
    done.current = true;
    if (sessionStorage.getItem(ASKED) === asked(action, pathname)) {
      sessionStorage.removeItem(ASKED);
      latest.current();
    }
    setParams(
      (current) => {
        current.delete(THEN_PARAM);
        return current;
      },
      { replace: true },
    );
  }, [action, inAddress, pathname, ready, setParams]);
}
