/**
 * The top bar on every page: brand, the five links, the caller's actions (e.g. the theme toggle),
 * and the account buttons. On phones the links and account buttons fold into a menu.
 */
import { type ReactNode, useEffect, useId } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useMe } from '../../lib/auth.ts';
import { useOpenUntilNavigation } from '../../lib/use-open-until-navigation.ts';
import { AuthLink } from '../ui/auth-link.tsx';
import { LogoMark } from '../ui/logo.tsx';
import { NAV_LINKS } from './nav-links.ts';
import { useSignOutToHome } from './sign-out.ts';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'menu-active font-semibold' : 'font-medium';

export function Navbar({ actions }: { actions?: ReactNode }) {
  const me = useMe();
  const signOut = useSignOutToHome();
  const [menuOpen, setMenuOpen] = useOpenUntilNavigation();
  const menuId = useId();

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen, setMenuOpen]);

  const user = me.data;
  const handleSignOut = () => signOut.mutate();

  return (
    <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <div className="navbar mx-auto max-w-7xl gap-1 px-2 sm:px-4">
        <div className="navbar-start gap-1">
          <button
            type="button"
            className="btn btn-ghost btn-square lg:hidden"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              width="22"
              height="22"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              {menuOpen ? (
                <path strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />
              ) : (
                <path strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
              )}
            </svg>
          </button>
          <Link to={paths.home} className="btn btn-ghost gap-2 px-2 text-xl font-extrabold tracking-tight">
            <LogoMark size={30} />
            <span>
              Red<span className="text-primary">line</span>
            </span>
          </Link>
        </div>

        <nav aria-label="Main" className="navbar-center hidden lg:flex">
          <ul className="menu menu-horizontal gap-1 px-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className={linkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="navbar-end gap-1 sm:gap-2">
          {actions}
          {me.isPending || user ? (
            <AccountButtons
              placeholder={me.isPending}
              onSignOut={handleSignOut}
              signingOut={signOut.isPending}
            />
          ) : (
            <>
              {/* On a phone, in the menu: the bar has no room beside the search and the theme. */}
              <AuthLink to={paths.login} className="btn btn-ghost btn-sm hidden sm:inline-flex">
                Sign in
              </AuthLink>
              <AuthLink to={paths.signUp} className="btn btn-primary btn-sm">
                Get started
              </AuthLink>
            </>
          )}
        </div>
      </div>

      <nav
        id={menuId}
        aria-label="Main"
        className={`${menuOpen ? 'block' : 'hidden'} border-t border-base-300 bg-base-100 lg:hidden`}
      >
        <ul className="menu w-full gap-1 p-2">
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end className={linkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
          {user ? (
            <>
              <li className="menu-title pt-3 text-base-content/75">Signed in as {user.name}</li>
              <li>
                <NavLink to={paths.dashboard} className={linkClass}>
                  Dashboard
                </NavLink>
              </li>
              <li>
                <button type="button" onClick={handleSignOut} disabled={signOut.isPending}>
                  Sign Out
                </button>
              </li>
            </>
          ) : me.isPending ? null : (
            <li className="sm:hidden">
              <AuthLink to={paths.login}>Sign in</AuthLink>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}

/**
 * A signed-in visitor's buttons (wide screens; on a phone they are in the menu). `placeholder`: their
 * room, shown as a skeleton, while a page rendered alike for every signed-in visitor finds out who is
 * visiting (ADR 18): almost always someone signed in, so nothing moves when they come.
 */
function AccountButtons({
  placeholder,
  onSignOut,
  signingOut,
}: {
  placeholder: boolean;
  onSignOut: () => void;
  signingOut: boolean;
}) {
  return (
    <div className={`hidden items-center gap-2 lg:flex ${placeholder ? 'skeleton [&>*]:invisible' : ''}`}>
      <Link to={paths.dashboard} className="btn btn-primary btn-sm">
        Dashboard
      </Link>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onSignOut} disabled={signingOut}>
        Sign Out
      </button>
    </div>
  );
}
