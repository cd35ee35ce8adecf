import type { Role } from '@redline/shared';
import { NavLink } from 'react-router';
import { AuthLink } from '../../../components/ui/auth-link.tsx';
import { paths } from '../../../config/paths.ts';
import { DASHBOARD_MENU } from '../menu.ts';

type DashboardMenuProps = {
  role: Role | undefined;
  /** Called after a link is chosen, e.g. to close the drawer on phones. */
  onNavigate?: () => void;
};

export function DashboardMenu({ role, onNavigate }: DashboardMenuProps) {
  if (!role) {
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
      <li className="menu-title text-base-content/75">{role} menu</li>
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
      {DASHBOARD_MENU[role].map((item) => (
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
