/** The notifications module's public surface: other code imports this file only. */
export { liveChangesOnEvents } from './live-changes.ts';
export { notificationEmailJobs } from './notification-emails.ts';
export { notifyOnEvents } from './notifications.reactions.ts';
export { notificationsRoutes } from './notifications.routes.ts';
