/**
 * The compare tray: at the bottom of the public pages while the visitor has chosen cars to compare
 * (lib/compare-list.ts), their photos and names, each with a button that takes it off, and the link
 * to the comparison. From a search around a place the link carries its `near`, so that the comparison
 * shows each car's distance from there. Not on the comparison itself, which shows the cars. The list
 * lives in the browser, so the server never renders the tray: its panel is a chunk of its own, loaded
 * with the first car chosen (ADR 68).
 */
import { lazy, Suspense } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { routePatterns } from '../../config/paths.ts';
import { useComparedCars } from '../../lib/compare-list.ts';

const CompareTrayPanel = lazy(() => import('./compare-tray-panel.tsx'));

export function CompareTray() {
  const chosen = useComparedCars();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  if (chosen.length === 0 || pathname === routePatterns.compare) return null;
  return (
    <Suspense fallback={null}>
      <CompareTrayPanel chosen={chosen} near={params.get('near') ?? undefined} />
    </Suspense>
  );
}
