/** The roles an admin manages: buyers and sellers. */
import type { Role } from '@redline/shared';

export type ManagedRole = Exclude<Role, 'Admin'>;

/** The API's list of each managed role's users. */
export const usersPath = { Buyer: '/user/buyers', Seller: '/user/sellers' } as const;

/** The API's call verifying a user of each managed role. */
export const verifyUserPath = { Buyer: '/user/buyers/:id', Seller: '/user/sellers/:id' } as const;
