/**
 * What needs an account, asked for by a visitor on a page anyone may browse (issue 47): the visitor
 * goes to sign in (or up, from there) and comes back to the same page with the action in its address
 * (`?then=save`, lib/return-to.ts), where the action's own button does it (save, save a search) or
 * opens it (report, message, book) once, and takes it out of the address.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../config/paths.ts';
import { fromStateThen, THEN_PARAM } from './return-to.ts';

export type AccountAction = 'save' | 'report' | 'message' | 'book' | 'save-search';

/** Sends the visitor to sign in, to come back here and do `action`. */
export function useSignInThen(action: AccountAction): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    void navigate(paths.login, { state: fromStateThen(location, action) });
  };
}

/**
 * Runs `act` once when the page was opened to do `action` and the user may do it now (`ready`: who
 * they are and what `act` needs are known), then takes the action out of the address.
 */
export function useActionOnReturn(action: AccountAction, ready: boolean, act: () => void): void {
  const [params, setParams] = useSearchParams();
  const asked = params.get(THEN_PARAM) === action;
  const latest = useRef(act);
  latest.current = act;
  const done = useRef(false);
  useEffect(() => {
    if (!asked || !ready || done.current) return;
    done.current = true;
    latest.current();
    setParams(
      (current) => {
        current.delete(THEN_PARAM);
        return current;
      },
      { replace: true },
    );
  }, [asked, ready, setParams]);
}
