/**
 * A part of a page the server renders whole and the browser takes over only when it comes near the
 * screen (ADR 61): until then it stays the server's HTML, readable but inert, and its code (a lazy
 * chunk, zod) is neither fetched nor run, so it adds nothing to the page's start. A page the browser
 * renders itself (a later navigation) renders it at once.
 *
 * React keeps a Suspense boundary that suspends while hydrating as the server rendered it, and
 * hydrates it when the promise settles. It gives the server's HTML up for the fallback if the
 * boundary gets new props before then: pass children that keep their identity while their inputs
 * do (useMemo); the fallback is the first one given. Nothing in the part may submit a form: the page
 * is usable (no longer `inert`, main.tsx) before the part is taken over.
 */
import { type ReactNode, Suspense, use, useEffect, useMemo, useRef, useState } from 'react';
import { useHydrated } from '../../lib/use-hydrated.ts';

/** How far below (or above) the screen a part starts loading, so that it is ready when it shows. */
const AHEAD = '600px 0px';

type HydrateNearScreenProps = {
  children: ReactNode;
  /** What a page the browser renders shows while the children's code loads (the first one given). */
  fallback: ReactNode;
};

export function HydrateNearScreen({ children, fallback }: HydrateNearScreenProps) {
  const ref = useRef<HTMLDivElement>(null);
  const hydrating = !useHydrated();
  // The server renders the children; the browser waits for them only while hydrating.
  const [loading] = useState(fallback);
  const [near] = useState(() => (hydrating && typeof document !== 'undefined' ? whenResolved() : undefined));

  useEffect(() => {
    const element = ref.current;
    if (!near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      near.resolve();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        near.resolve();
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  const boundary = useMemo(
    () => (
      <Suspense fallback={loading}>
        <Gate near={near?.promise}>{children}</Gate>
      </Suspense>
    ),
    [near, loading, children],
  );
  return <div ref={ref}>{boundary}</div>;
}

/** A promise and what settles it. */
function whenResolved() {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

function Gate({ near, children }: { near: Promise<void> | undefined; children: ReactNode }) {
  if (near) use(near);
  return children;
}
