import type {
  ListedSeller,
  Me,
  Page,
  PageQuery,
  Place,
  SellerProfile,
  SessionUser,
  User,
} from '@redline/shared';
import { requireAccess } from '../../access/record-access.ts';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound } from '../../errors.ts';
import { publish } from '../../events/index.ts';
import { placeOf, requirePlace, shownPlace } from '../../places/gazetteer.ts';
import { dealerOf } from '../dealers/index.ts';
import { reviewSummaryOf } from '../reviews/index.ts';
import * as repo from './users.repository.ts';

/** Accounts are created by sign-up alone (Better Auth), which also keeps roles out of reach: the API refuses. */
export function createUser(): never {
  throw forbidden('Accounts are created by signing up; roles cannot be changed through the API.');
}

/** The signed-in user with their default location, which only they are told (null when signed out). */
export async function getMe(context: AppContext, user: SessionUser | null): Promise<Me | null> {
  if (!user) return null;
  const postalCode = await repo.findPostalCode(context.database.db, user.id);
  const place = postalCode === null ? undefined : placeOf(postalCode);
  return { ...user, location: place ? shownPlace(place) : null };
}

/** The signed-in user sets their own default location (an unknown ZIP code is a 400 at its field), or clears it. */
export async function setMyLocation(
  context: AppContext,
  actor: SessionUser,
  postalCode: string | null,
): Promise<Place | null> {
  const place = postalCode === null ? null : requirePlace(postalCode);
  await repo.setLocation(context.database.db, actor.id, place);
  return place && shownPlace(place);
}

/**
 * Any signed-in user may see a seller's page: name, badge, since when, how many cars for sale, the
 * dealer's profile, and their reviews in figures.
 */
export async function getSellerProfile(context: AppContext, id: string): Promise<SellerProfile> {
  const row = await repo.findSellerProfile(context.database.db, id);
  if (!row) throw notFound('The seller');
  const { createdAt, ...profile } = row;
  const [dealer, reviews] = await Promise.all([dealerOf(context, id), reviewSummaryOf(context, id)]);
  return { ...profile, memberSince: createdAt.toISOString(), dealer, reviews };
}

/** Self or an admin; anyone else learns nothing, not even whether the account exists. */
export async function getUserByEmail(context: AppContext, actor: SessionUser, email: string) {
  await requireAccess(context, actor, { permission: 'user.read', id: email });
  const user = await repo.findUserByEmail(context.database.db, email);
  if (!user) throw notFound('The user');
  return toUser(user);
}

function toUser(u: {
  id: string;
  name: string;
  email: string;
  role: User['role'];
  isVerified: boolean;
}): User {
  return { id: u.id, name: u.name, email: u.email, role: u.role, isVerified: u.isVerified };
}

export async function listBuyers(context: AppContext, query: PageQuery) {
  const page = await repo.listUsersByRole(context.database.db, 'Buyer', query.limit, query.cursor);
  // The users of that role only: their role is the one asked for.
  const items = page.items.map((u) => ({ ...toUser(u), role: 'Buyer' as const, renamedFrom: u.renamedFrom }));
  return { items, nextCursor: page.nextCursor };
}

/** The sellers, as `listBuyers` lists buyers, each with the business they run when they are a dealer. */
export async function listSellers(context: AppContext, query: PageQuery): Promise<Page<ListedSeller>> {
  const page = await repo.listUsersByRole(context.database.db, 'Seller', query.limit, query.cursor);
  const items = page.items.map((u) => ({
    ...toUser(u),
    role: 'Seller' as const,
    renamedFrom: u.renamedFrom,
    dealer: u.businessName === null ? null : { businessName: u.businessName, verified: u.dealerVerified! },
  }));
  return { items, nextCursor: page.nextCursor };
}

export async function verifyUser(context: AppContext, id: string, role: 'Buyer' | 'Seller') {
  const { db } = context.database;
  const verified = await db.transaction(async (tx) => {
    const result = await repo.setVerified(tx, id, role);
    if (result?.changed) await publish(tx, 'user.changed', { userId: id, change: 'verified' });
    return result;
  });
  if (!verified) throw notFound(`The ${role.toLowerCase()}`);
  return toUser(verified.user);
}

export async function deleteUserByEmail(context: AppContext, actor: SessionUser, email: string) {
  const user = await requireAccess(context, actor, { permission: 'user.delete', id: email });
  const deletedCount = await repo.deleteUser(context.database.db, user.id);
  return { deletedCount };
}
