import type { User } from '@redline/shared';
import { invalidateSessions } from '../../auth/session-cache.ts';
import type { Db } from '../../db/client.ts';
import { publish } from '../../events/index.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import * as repo from './users.repository.ts';

/** Self or an admin; anyone else learns nothing, not even whether the account exists. */
export async function getUserByEmail(db: Db, actor: User, email: string) {
  if (actor.role !== 'Admin' && actor.email !== email) throw notFound('The user');
  const user = await repo.findUserByEmail(db, email);
  if (!user) throw notFound('The user');
  return toUser(user);
}

export function toUser(u: {
  id: string;
  name: string;
  email: string;
  role: User['role'];
  isVerified: boolean;
}): User {
  return { id: u.id, name: u.name, email: u.email, role: u.role, isVerified: u.isVerified };
}

export async function verifyUser(db: Db, id: string, role: 'Buyer' | 'Seller') {
  const user = await db.transaction(async (tx) => {
    const row = await repo.setVerified(tx, id, role);
    if (row) await publish(tx, 'user.changed', { userId: id, change: 'verified' });
    return row;
  });
  if (!user) throw notFound(`The ${role.toLowerCase()}`);
  invalidateSessions(db);
  return toUser(user);
}

export async function deleteUserByEmail(db: Db, actor: User, email: string) {
  const user = await repo.findUserByEmail(db, email);
  if (!user) throw notFound('The user');
  if (user.id === actor.id) throw forbidden('You cannot delete your own account here.');
  if (user.role === 'Admin') throw forbidden('Admin accounts cannot be deleted.');
  const deletedCount = await repo.deleteUser(db, user.id);
  invalidateSessions(db);
  return { deletedCount };
}
