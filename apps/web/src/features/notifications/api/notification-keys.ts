/** Query keys of the notifications feature. */

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  /** Apart from `all`, which a live update asks again: a change of notifications changes no setting. */
  preferences: () => ['notification-preferences'] as const,
  /** What an e-mail's unsubscribe link stops. */
  unsubscribe: (token: string) => ['notification-unsubscribe', token] as const,
};
