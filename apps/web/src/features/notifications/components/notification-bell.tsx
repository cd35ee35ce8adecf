import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icon.tsx';
import { paths } from '../../../config/paths.ts';
import { useMe } from '../../../lib/auth.ts';
import { useUnreadCount } from '../api/get-notifications.ts';

/** The most the badge counts; more shows as "99+". */
const BADGE_MAX = 99;

/**
 * The navigation bar's bell, for a signed-in user: a link to their notifications, with how many are
 * unread, kept up to date as they change (app/live-queries.ts). Renders after the visitor is known, as every personal
 * part of a shared page does.
 */
export function NotificationBell() {
  const me = useMe();
  const signedIn = Boolean(me.data);
  const unread = useUnreadCount(signedIn).data ?? 0;
  // Its room kept while a page rendered alike for every signed-in visitor finds out who is visiting.
  if (me.isPending) return <span aria-hidden="true" className="btn btn-ghost btn-circle invisible" />;
  if (!signedIn) return null;
  const label = unread ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Link
      to={paths.dashNotifications}
      className="btn btn-ghost btn-circle relative"
      aria-label={label}
      title={label}
    >
      <Icon size={22}>
        <path d="M6 9.5a6 6 0 0 1 12 0c0 4.5 1.5 6 2 6.5H4c.5-.5 2-2 2-6.5Z" />
        <path d="M10 19.5a2 2 0 0 0 4 0" />
      </Icon>
      {unread ? (
        <span
          aria-hidden="true"
          className="badge badge-primary badge-xs absolute -top-0.5 -right-0.5 h-5 min-w-5 px-1 text-[0.7rem] font-bold"
        >
          {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
        </span>
      ) : null}
    </Link>
  );
}
