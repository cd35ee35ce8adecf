/** The notifications module's public surface: other code imports this file only. */
import { defineModule } from '../../server-module.ts';
import { liveChangesOnEvents } from './live-changes.ts';
import { notificationEmailJobs } from './notification-emails.ts';
import { notifyOnEvents } from './notifications.reactions.ts';
import { notificationsRoutes } from './notifications.routes.ts';

export const notificationsModule = defineModule({
  name: 'notifications',
  routes: notificationsRoutes,
  jobs: notificationEmailJobs,
  reactions: (context) => [...notifyOnEvents(context), ...liveChangesOnEvents(context)],
});
