import type { Me } from '@redline/shared';
import { NavLink } from 'react-router';
import { AuthLink } from '../../../components/ui/auth-link.tsx';
import { paths } from '../../../config/paths.ts';
import { dashboardMenu } from '../menu.ts';
import { SellingFor } from './selling-for.tsx';

type DashboardMenuProps = {
  /** The signed-in user; null or undefined when signed out. */
  user: Me | null | undefined;
  /** Called after a link is chosen, e.g. to close the drawer on phones. */
  onNavigate?: () => void;
};

export function DashboardMenu({ user, onNavigate }: DashboardMenuProps) {
  if (!user) {
    return (
      <ul className="menu w-full">
        <li>
          <AuthLink to={paths.login} onClick={onNavigate}>
            Sign In to use Dashboard
          </AuthLink>
        </li>
      </ul>
    );
  }
  return (
    <ul className="menu w-full gap-1">
      <li className="menu-title text-base-content/75">
        {user.role} menu
        <SellingFor user={user} />
      </li>
      <li>
        <NavLink
          to={paths.dashboard}
          end
          onClick={onNavigate}
          className={({ isActive }) => (isActive ? 'menu-active' : '')}
        >
          Overview
        </NavLink>
      </li>
      {dashboardMenu(user).map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            onClick={onNavigate}
            className={({ isActive }) => (isActive ? 'menu-active' : '')}
          >
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
