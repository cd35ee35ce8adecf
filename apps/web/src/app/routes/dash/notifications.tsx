import { Link } from 'react-router';
import { PageHead } from '../../../components/ui/page-head.tsx';
import { paths } from '../../../config/paths.ts';
import { NotificationsList } from '../../../features/notifications/index.ts';

export default function NotificationsPage() {
  return (
    <div>
      <PageHead
        title="Notifications"
        description="What Redline has told you about your cars, bookings and account."
      />
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Notifications</h1>
          <p className="mt-1 text-base-content/75">
            Test drives, payments, price drops and your account, newest first.
          </p>
        </div>
        <Link to={paths.dashNotificationSettings} className="btn btn-outline btn-sm">
          Notification settings
        </Link>
      </header>
      <NotificationsList />
    </div>
  );
}
