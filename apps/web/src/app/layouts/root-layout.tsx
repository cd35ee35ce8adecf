import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';

/** Wraps every page: a thin progress bar while a lazy page chunk loads, and scroll restoration. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state !== 'idle' ? (
        <div className="fixed inset-x-0 top-0 z-[60]">
          <ProgressBar label="Loading page" />
        </div>
      ) : null}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
