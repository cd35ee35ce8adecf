/**
 * Scrolling across in-app navigation, the way a browser scrolls across page loads: a new page starts
 * at the top (or at its `#section`), and back, forward and reload return to where the visitor was.
 * Positions are kept per history entry (location.key), in sessionStorage so that a reload finds them.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'redline:scroll-positions';
/** How long to wait for a lazy page (and its data) to render the section or the height to scroll to. */
const WAIT_MS = 5000;
/** The visitor scrolling on their own ends any waiting. */
const VISITOR_SCROLLS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

type Positions = Record<string, number>;

function readPositions(): Positions {
  // A server render has no sessionStorage, and nothing to restore (an error thrown per page costs).
  if (typeof sessionStorage === 'undefined') return {};
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Positions;
  } catch {
    return {};
  }
}

/**
 * Runs `scroll` now and, until it reports success, again whenever the page changes (a lazy chunk or
 * data arriving). Returns the function that stops trying.
 */
function scrollWhenReady(scroll: () => boolean): () => void {
  if (scroll()) return () => {};
  const observer = new MutationObserver(() => scroll() && stop());
  const timer = setTimeout(stop, WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of VISITOR_SCROLLS) window.removeEventListener(type, stop);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  for (const type of VISITOR_SCROLLS) window.addEventListener(type, stop, { passive: true });
  return stop;
}

const toPosition = (top: number) => () => {
  window.scrollTo(0, top);
  return Math.abs(window.scrollY - top) < 1;
};

/** The section named by the hash; the top of the page until that section exists. */
const toSection = (hash: string) => () => {
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {}
  const section = document.getElementById(id);
  if (section) section.scrollIntoView();
  else window.scrollTo(0, 0);
  return Boolean(section);
};

export function useScrollRestoration() {
  const { key, hash, pathname } = useLocation();
  const navigationType = useNavigationType();
  // Read once; a mutable record the scroll listener writes to, not state that renders.
  const [positions] = useState(readPositions);
  const shownPathname = useRef<string>(undefined);

  useEffect(() => {
    // Left to itself the browser restores on back/forward before the page has rendered.
    window.history.scrollRestoration = 'manual';
    const save = () => sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, [positions]);

  useLayoutEffect(() => {
    // A page that replaces its own address (its search part: the payment calculator's figures) is
    // the same page, and stays where the visitor is.
    const samePage = navigationType === NavigationType.Replace && pathname === shownPathname.current;
    // The page the browser loaded is where the browser put it, or where the visitor has scrolled
    // since: the server's HTML is read (and scrolled) before the app takes it over (ADR 77). Only a
    // reload's saved position, or a section the page had to render first, moves it.
    const loadedPage = shownPathname.current === undefined;
    shownPathname.current = pathname;
    const saved = navigationType === NavigationType.Pop ? positions[key] : undefined;
    const scroll = samePage
      ? undefined
      : saved !== undefined
        ? toPosition(saved)
        : hash
          ? toSection(hash)
          : loadedPage
            ? undefined
            : toPosition(0);
    const stopWaiting = scroll ? scrollWhenReady(scroll) : () => {};
    const remember = () => {
      positions[key] = window.scrollY;
    };
    // Where the page is now, which the visitor may have scrolled before the app took it over.
    remember();
    window.addEventListener('scroll', remember, { passive: true });
    return () => {
      stopWaiting();
      window.removeEventListener('scroll', remember);
    };
  }, [positions, key, hash, pathname, navigationType]);
}
