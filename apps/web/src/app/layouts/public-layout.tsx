import { Outlet } from 'react-router';
import { CompareTray } from '../../components/layouts/compare-tray.tsx';
import { Footer } from '../../components/layouts/footer.tsx';
import { Navbar } from '../../components/layouts/navbar.tsx';
import { NavbarActions } from './navbar-actions.tsx';
import { SkipLink } from './skip-link.tsx';

/**
 * Navbar, page, the compare tray (while the visitor has chosen cars to compare), footer. The page is at least a screen tall, so the footer starts below the fold and
 * does not jump down when the page's data arrives (Lighthouse: cumulative layout shift).
 */
export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <SkipLink />
      <Navbar actions={<NavbarActions />} />
      <main id="main" tabIndex={-1} className="min-h-screen flex-1 focus:outline-none">
        <Outlet />
      </main>
      <CompareTray />
      <Footer />
    </div>
  );
}
