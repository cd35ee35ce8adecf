/** The notifications feature's public surface: code outside features/notifications imports only this file. */
export { notificationsQueryOptions, unreadCountQueryOptions } from './api/get-notifications.ts';
export { NotificationBell } from './components/notification-bell.tsx';
export { NotificationsList } from './components/notifications-list.tsx';
