import { NOTIFICATION_KINDS, type NotificationPreference } from '@redline/shared';
import { ErrorState, ListSkeleton } from '../../../components/ui/list-states.tsx';
import { toast } from '../../../lib/toast.ts';
import { useNotificationPreferences } from '../api/get-notification-preferences.ts';
import { useSetNotificationPreferences } from '../api/set-notification-preferences.ts';

type Channel = 'inApp' | 'email';

const CHANNEL_NAMES: Record<Channel, string> = { inApp: 'in the app', email: 'by e-mail' };

/**
 * The signed-in user's notification settings: each kind of their role, with a switch for the app
 * and one for e-mail. A switch saves at once; a toast says what was saved (a failure: the error
 * toast of lib/query-client.ts, and the switch goes back).
 */
export function NotificationSettings() {
  const preferences = useNotificationPreferences();
  const save = useSetNotificationPreferences();

  if (preferences.isPending) return <ListSkeleton label="Loading your notification settings" />;
  if (preferences.isError) {
    return (
      <ErrorState
        message={`Could not load your notification settings. ${preferences.error.message}`}
        onRetry={() => preferences.refetch()}
      />
    );
  }

  // While a switch saves, it shows what it is being set to.
  const saving = save.isPending ? save.variables?.items[0] : undefined;
  const shown = (item: NotificationPreference) => (saving?.type === item.type ? saving : item);

  const change = (item: NotificationPreference, channel: Channel, on: boolean) => {
    const label = NOTIFICATION_KINDS[item.type].label;
    save.mutate(
      { items: [{ ...item, [channel]: on }] },
      { onSuccess: () => toast.success(`Saved: “${label}” ${CHANNEL_NAMES[channel]} ${on ? 'on' : 'off'}`) },
    );
  };

  return (
    <div className="overflow-x-auto rounded-box border border-base-300">
      <table className="table">
        <caption className="sr-only">Which notifications you get, in the app and by e-mail</caption>
        <thead>
          <tr>
            <th scope="col">Notification</th>
            <th scope="col" className="w-16 px-2 text-center sm:w-28 sm:px-4">
              <span className="sm:hidden">App</span>
              <span className="hidden sm:inline">In the app</span>
            </th>
            <th scope="col" className="w-16 px-2 text-center sm:w-28 sm:px-4">
              <span className="sm:hidden">E-mail</span>
              <span className="hidden sm:inline">By e-mail</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {preferences.data.items.map((item) => {
            const kind = NOTIFICATION_KINDS[item.type];
            const current = shown(item);
            return (
              <tr key={item.type}>
                <th scope="row" className="pr-2 font-normal sm:pr-4">
                  <span className="block font-semibold">{kind.label}</span>
                  <span className="block text-sm text-base-content/75">{kind.description}</span>
                </th>
                {(['inApp', 'email'] as const).map((channel) => (
                  <td key={channel} className="px-2 text-center sm:px-4">
                    <input
                      type="checkbox"
                      role="switch"
                      className="toggle toggle-primary"
                      aria-label={`${kind.label} ${CHANNEL_NAMES[channel]}`}
                      checked={current[channel]}
                      aria-checked={current[channel]}
                      disabled={save.isPending}
                      onChange={(event) => change(item, channel, event.target.checked)}
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
