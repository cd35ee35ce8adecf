/** The roles an admin manages: buyers and sellers. */
import type { Role } from '@redline/shared';

export type ManagedRole = Exclude<Role, 'Admin'>;

/** The API's path segment of each managed role: `/user/buyers`, `/user/sellers`. */
export const rolePath: Record<ManagedRole, 'buyers' | 'sellers'> = { Buyer: 'buyers', Seller: 'sellers' };
