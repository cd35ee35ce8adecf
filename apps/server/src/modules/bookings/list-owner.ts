/** Lists by e-mail (bookings, saved posts) belong to that user; an admin may read anyone's. */
import type { User } from '@redline/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { forbidden, notFound } from '../../errors.ts';

export type ListOwner = Pick<User, 'id' | 'name' | 'email'>;

/** The user whose list is asked for, once the actor may read it. */
export async function listOwner(
  db: Db,
  actor: User,
  email: string,
  role: 'Buyer' | 'Seller',
): Promise<ListOwner> {
  if (actor.role !== 'Admin') {
    // The route already limits the role; only one's own list is readable.
    if (actor.email !== email) throw forbidden('You can only see your own list.');
    return actor;
  }
  const [owner] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.email, email), eq(users.role, role)))
    .limit(1);
  if (!owner) throw notFound(`The ${role.toLowerCase()}`);
  return owner;
}
