import { PageHead } from '../../../components/ui/page-head.tsx';
import { NotificationsList } from '../../../features/notifications/index.ts';

export default function NotificationsPage() {
  return (
    <div>
      <PageHead
        title="Notifications"
        description="What Redline has told you about your cars, bookings and account."
      />
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Notifications</h1>
        <p className="mt-1 text-base-content/75">
          Test drives, payments, price drops and your account, newest first.
        </p>
      </header>
      <NotificationsList />
    </div>
  );
}
