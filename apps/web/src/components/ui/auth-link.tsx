import { Link, type LinkProps, useLocation } from 'react-router';
import type { paths } from '../../config/paths.ts';
import { fromState } from '../../lib/return-to.ts';

type AuthLinkProps = Omit<LinkProps, 'to' | 'state'> & { to: typeof paths.login | typeof paths.signUp };

/** A link to the sign-in or sign-up page that brings the visitor back to this page afterwards. */
export function AuthLink({ to, ...props }: AuthLinkProps) {
  const location = useLocation();
  return <Link to={to} state={fromState(location)} {...props} />;
}
