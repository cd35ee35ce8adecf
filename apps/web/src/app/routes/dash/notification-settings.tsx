import { Link } from 'react-router';
import { PageHead } from '../../../components/ui/page-head.tsx';
import { paths } from '../../../config/paths.ts';
import { NotificationSettings } from '../../../features/notifications/index.ts';

export default function NotificationSettingsPage() {
  return (
    <div>
      <PageHead
        title="Notification settings"
        description="Choose what Redline tells you, in the app and by e-mail."
      />
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Notification settings</h1>
          <p className="mt-1 text-base-content/75">
            Choose what Redline tells you, in the app and by e-mail. Each change is saved at once.
          </p>
        </div>
        <Link to={paths.dashNotifications} className="btn btn-ghost btn-sm">
          Back to notifications
        </Link>
      </header>
      <NotificationSettings />
      <p className="mt-4 text-sm text-base-content/70">
        E-mails about several things at once arrive together, a couple of minutes after the first. Every
        e-mail has a link that stops its kind.
      </p>
    </div>
  );
}
