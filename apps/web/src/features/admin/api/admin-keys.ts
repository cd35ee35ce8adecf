/** Query keys of the admin screens. */
import type { ContactStatus, Role } from '@redline/shared';

export type ManagedRole = Exclude<Role, 'Admin'>;

export const adminKeys = {
  all: ['admin'] as const,
  users: (role: ManagedRole) => [...adminKeys.all, 'users', role] as const,
  reported: () => [...adminKeys.all, 'reported'] as const,
  reportedConversations: () => [...adminKeys.all, 'reported-conversations'] as const,
  /** The contact inbox: each of its lists (`messages`) under one key. */
  inbox: () => [...adminKeys.all, 'messages'] as const,
  messages: (status?: ContactStatus) => [...adminKeys.inbox(), status ?? 'all'] as const,
};

/** The API's path segment of each managed role: `/user/buyers`, `/user/sellers`. */
export const rolePath: Record<ManagedRole, 'buyers' | 'sellers'> = { Buyer: 'buyers', Seller: 'sellers' };
