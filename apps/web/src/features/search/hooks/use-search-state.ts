import { useCallback, useLayoutEffect, useMemo, useOptimistic, useRef, useTransition } from 'react';
import { useSearchParams } from 'react-router';
import { parseSearch, type SearchState, serializeSearch } from '../utils/search-params.ts';

/**
 * The search of the page's address, and the function that searches anew from it: a new history
 * entry, so that Back returns to the previous search. On a category's page (`fixedCategory`) the
 * category is the search's and stays out of the address; on a dealer's page (`fixedSeller`) the
 * search is within its cars, newest first unless sorted otherwise, and the seller stays out of it too.
 *
 * React Router renders a new address in a transition, so the page would show the previous search
 * (a box still unticked, the previous order unmarked) until that render is done: the new search
 * shows at once instead (`useOptimistic`), and `pending` says that the page is catching up.
 */
export function useSearchState(fixedCategory?: string, fixedSeller?: string) {
  const [params, setParams] = useSearchParams();
  const addressed = useMemo(() => {
    const parsed = parseSearch(params, fixedCategory);
    return fixedSeller === undefined
      ? parsed
      : { ...parsed, seller: fixedSeller, sort: parsed.sort ?? 'newest' };
  }, [params, fixedCategory, fixedSeller]);
  const [state, show] = useOptimistic(addressed);
  const [pending, startTransition] = useTransition();
  // The latest search, also before the page renders it: a range applied as its field is left, then
  // a click on a filter, make two searches, the second from the first.
  const latest = useRef(state);
  useLayoutEffect(() => {
    latest.current = state;
  }, [state]);
  const search = useCallback(
    (update: (current: SearchState) => SearchState) => {
      const next = update(latest.current);
      const address = (state: SearchState) => serializeSearch({ ...state, seller: undefined }, fixedCategory);
      const query = address(next);
      if (query === address(latest.current)) return;
      latest.current = next;
      startTransition(() => {
        show(next);
        setParams(query);
      });
    },
    [setParams, fixedCategory, show],
  );
  return [state, search, pending] as const;
}
