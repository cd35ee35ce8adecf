/**
 * Where toasts appear: nothing until the first toast of the page view (lib/toast.ts), then
 * react-hot-toast's toaster, loaded with it (toaster-view.tsx).
 */
import { lazy, Suspense } from 'react';
import { loadToasts, useToastsRequested } from '../../lib/toast.ts';

const ToasterView = lazy(() => loadToasts().then(() => import('./toaster-view.tsx')));

export function AppToaster() {
  if (!useToastsRequested()) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}
