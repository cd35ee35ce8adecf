/** The notifications feature's public surface: code outside features/notifications imports only this file. */

export { notificationPreferencesQueryOptions } from './api/get-notification-preferences.ts';
export { notificationsQueryOptions, unreadCountQueryOptions } from './api/get-notifications.ts';
export { NotificationBell } from './components/notification-bell.tsx';
export { NotificationSettings } from './components/notification-settings.tsx';
export { NotificationsList } from './components/notifications-list.tsx';
export { UnsubscribePanel } from './components/unsubscribe-panel.tsx';
