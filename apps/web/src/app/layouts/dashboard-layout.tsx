/**
 * The dashboard: navbar on top, the role's menu in a side drawer (always open on large screens,
 * behind a Menu button on phones), the page beside it. Loaded lazily with the first dashboard page.
 */
import { useEffect, useRef } from 'react';
import { Outlet } from 'react-router';
import { CompareTray } from '../../components/layouts/compare-tray.tsx';
import { Navbar } from '../../components/layouts/navbar.tsx';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { ConfirmAddressBanner } from '../../features/auth/index.ts';
import { DashboardMenu } from '../../features/dashboard/index.ts';
import { useMe } from '../../lib/auth.ts';
import { useOpenUntilNavigation } from '../../lib/use-open-until-navigation.ts';
import { NavbarActions } from './navbar-actions.tsx';
import { SkipLink } from './skip-link.tsx';

const DRAWER_ID = 'dashboard-drawer';

export default function DashboardLayout() {
  const me = useMe();
  const [open, setOpen] = useOpenUntilNavigation();
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    // Move focus into the opened drawer so keyboard users land on its menu.
    const frame = requestAnimationFrame(() => closeButton.current?.focus());
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('keydown', onKey);
    };
  }, [open, setOpen]);

  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <SkipLink />
      <Navbar actions={<NavbarActions />} />
      {me.isPending ? <ProgressBar label="Loading your account" /> : null}
      <div className="drawer flex-1 lg:drawer-open">
        <input
          id={DRAWER_ID}
          type="checkbox"
          className="drawer-toggle"
          checked={open}
          onChange={(event) => setOpen(event.target.checked)}
          tabIndex={-1}
          aria-hidden="true"
        />
        <div className="drawer-content flex min-w-0 flex-col">
          <div className="border-b border-base-300 px-4 py-2 lg:hidden">
            <button
              type="button"
              className="btn btn-ghost btn-sm gap-2"
              aria-expanded={open}
              aria-controls="dashboard-menu"
              onClick={() => setOpen(true)}
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                width="18"
                height="18"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path strokeLinecap="round" d="M4 7h16M4 12h10M4 17h16" />
              </svg>
              Dashboard menu
            </button>
          </div>
          <main
            id="main"
            tabIndex={-1}
            className="mx-auto w-full max-w-6xl flex-1 p-4 focus:outline-none sm:p-6 lg:p-8"
          >
            <ConfirmAddressBanner />
            <Outlet />
          </main>
          <CompareTray />
        </div>
        {/*
          Large screens: the column runs the page's full height and carries the menu's background;
          the menu inside stays in view below the sticky navbar (4rem) while the page scrolls.
          Phones: daisyUI's fixed drawer, a screen tall.
        */}
        <div className="drawer-side z-50 lg:static lg:z-auto lg:h-auto lg:overflow-visible lg:border-r lg:border-base-300 lg:bg-base-200">
          <button
            type="button"
            className="drawer-overlay lg:hidden"
            aria-label="Close dashboard menu"
            tabIndex={-1}
            onClick={() => setOpen(false)}
          />
          <nav
            id="dashboard-menu"
            aria-label="Dashboard"
            className="flex min-h-full w-72 max-w-[85vw] flex-col border-r border-base-300 bg-base-200 p-3 lg:sticky lg:top-16 lg:max-h-[calc(100dvh-4rem)] lg:min-h-0 lg:overflow-y-auto lg:border-r-0"
          >
            <div className="flex items-center justify-between px-2 pb-2 lg:hidden">
              <span className="font-semibold">Dashboard</span>
              <button
                ref={closeButton}
                type="button"
                className="btn btn-ghost btn-sm btn-square"
                aria-label="Close dashboard menu"
                onClick={() => setOpen(false)}
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  width="18"
                  height="18"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                >
                  <path strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />
                </svg>
              </button>
            </div>
            {me.isPending ? (
              <ProgressBar label="Loading your menu" className="my-4" />
            ) : (
              <DashboardMenu user={me.data} onNavigate={() => setOpen(false)} />
            )}
          </nav>
        </div>
      </div>
    </div>
  );
}
