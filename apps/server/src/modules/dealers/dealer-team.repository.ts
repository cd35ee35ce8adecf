/** The queries of a dealer's team (ADR 65): its members and its pending invitations. */
import type { TeamRole } from '@redline/shared';
import { and, asc, count, eq, ne, type Placeholder, sql } from 'drizzle-orm';
import { users } from '../../auth/auth.schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isUuid } from '../../db/pagination.ts';
import { dealerInvitations, dealerMembers, dealerProfiles } from './dealers.schema.ts';

/** The dealer's owner account, with its business name; undefined for a seller who is no dealer. */
export async function findDealerOwner(db: Db | Tx, dealerId: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, businessName: dealerProfiles.businessName })
    .from(dealerProfiles)
    .innerJoin(users, eq(users.id, dealerProfiles.sellerId))
    .where(eq(dealerProfiles.sellerId, dealerId));
  return row;
}

const memberColumns = {
  id: dealerMembers.memberId,
  name: users.name,
  email: users.email,
  role: dealerMembers.role,
  createdAt: dealerMembers.createdAt,
};

/** The dealer's members, oldest first. */
export function listMembers(db: Db, dealerId: string) {
  return db
    .select(memberColumns)
    .from(dealerMembers)
    .innerJoin(users, eq(users.id, dealerMembers.memberId))
    .where(eq(dealerMembers.dealerId, dealerId))
    .orderBy(asc(dealerMembers.createdAt), asc(dealerMembers.memberId));
}

/**
 * The dealer's members and their roles (none for a private seller): who of them hears what the dealer
 * is told. `dealerId` may be a placeholder, for the statement prepared once (notifications' seller-side.ts).
 */
export function teamOf(db: Db | Tx, dealerId: string | Placeholder) {
  return db
    .select({ id: dealerMembers.memberId, role: dealerMembers.role })
    .from(dealerMembers)
    .where(eq(dealerMembers.dealerId, dealerId));
}

/** Whether the dealer has any member (a dealer with a team cannot go private). */
export async function hasMembers(db: Db | Tx, dealerId: string) {
  const [row] = await db
    .select({ id: dealerMembers.memberId })
    .from(dealerMembers)
    .where(eq(dealerMembers.dealerId, dealerId))
    .limit(1);
  return row !== undefined;
}

/** The dealer's member with this e-mail, if any. */
export async function memberByEmail(db: Db, dealerId: string, email: string) {
  const [row] = await db
    .select({ id: dealerMembers.memberId })
    .from(dealerMembers)
    .innerJoin(users, eq(users.id, dealerMembers.memberId))
    .where(and(eq(dealerMembers.dealerId, dealerId), eq(users.email, email)));
  return row;
}

/** The dealer's members and pending invitations, but a pending invitation of `email` (a new one replaces it). */
export async function teamSize(db: Db, dealerId: string, email: string) {
  const [members] = await db
    .select({ n: count() })
    .from(dealerMembers)
    .where(eq(dealerMembers.dealerId, dealerId));
  const [invitations] = await db
    .select({ n: count() })
    .from(dealerInvitations)
    .where(and(eq(dealerInvitations.dealerId, dealerId), ne(dealerInvitations.email, email)));
  return members!.n + invitations!.n;
}

/** Adds the member unless they are already in a team; whether they were added. */
export async function insertMember(tx: Tx, member: { memberId: string; dealerId: string; role: TeamRole }) {
  const rows = await tx.insert(dealerMembers).values(member).onConflictDoNothing().returning();
  return rows.length > 0;
}

export async function setMemberRole(db: Db, dealerId: string, memberId: string, role: TeamRole) {
  const [row] = await db
    .update(dealerMembers)
    .set({ role })
    .where(and(eq(dealerMembers.dealerId, dealerId), eq(dealerMembers.memberId, memberId)))
    .returning({ memberId: dealerMembers.memberId });
  return row !== undefined;
}

/** Removes the member from the dealer's team (every team, without `dealerId`); how many rows went. */
export async function deleteMember(db: Db, memberId: string, dealerId?: string) {
  const rows = await db
    .delete(dealerMembers)
    .where(
      and(
        eq(dealerMembers.memberId, memberId),
        dealerId === undefined ? undefined : eq(dealerMembers.dealerId, dealerId),
      ),
    )
    .returning({ memberId: dealerMembers.memberId });
  return rows.length;
}

/** A member as the team lists them. */
export async function findMember(db: Db | Tx, memberId: string) {
  const [row] = await db
    .select(memberColumns)
    .from(dealerMembers)
    .innerJoin(users, eq(users.id, dealerMembers.memberId))
    .where(eq(dealerMembers.memberId, memberId));
  return row;
}

const invitationColumns = {
  id: dealerInvitations.id,
  email: dealerInvitations.email,
  role: dealerInvitations.role,
  invitedBy: users.name,
  expiresAt: dealerInvitations.expiresAt,
  createdAt: dealerInvitations.createdAt,
};

/** The dealer's pending invitations, newest first. */
export function listInvitations(db: Db, dealerId: string) {
  return db
    .select(invitationColumns)
    .from(dealerInvitations)
    .leftJoin(users, eq(users.id, dealerInvitations.invitedBy))
    .where(eq(dealerInvitations.dealerId, dealerId))
    .orderBy(asc(dealerInvitations.createdAt));
}

/**
 * A new invitation, replacing the dealer's pending one of the same address (its link stops working):
 * one statement, so that two invitations of one address at once leave one, the later.
 */
export async function replaceInvitation(db: Db, invitation: typeof dealerInvitations.$inferInsert) {
  const [row] = await db
    .insert(dealerInvitations)
    .values(invitation)
    .onConflictDoUpdate({
      target: [dealerInvitations.dealerId, dealerInvitations.email],
      set: {
        role: invitation.role,
        tokenHash: invitation.tokenHash,
        invitedBy: invitation.invitedBy,
        expiresAt: invitation.expiresAt,
        createdAt: sql`now()`,
      },
    })
    .returning({ id: dealerInvitations.id });
  return row!.id;
}

export async function findInvitation(db: Db | Tx, id: string) {
  const [row] = await db
    .select(invitationColumns)
    .from(dealerInvitations)
    .leftJoin(users, eq(users.id, dealerInvitations.invitedBy))
    .where(eq(dealerInvitations.id, id));
  return row;
}

/** Revokes the dealer's invitation; how many went (0: none of the dealer's has this id). */
export async function deleteInvitation(db: Db | Tx, dealerId: string, id: string) {
  if (!isUuid(id)) return 0;
  const rows = await db
    .delete(dealerInvitations)
    .where(and(eq(dealerInvitations.dealerId, dealerId), eq(dealerInvitations.id, id)))
    .returning({ id: dealerInvitations.id });
  return rows.length;
}

const byTokenColumns = {
  id: dealerInvitations.id,
  dealerId: dealerInvitations.dealerId,
  email: dealerInvitations.email,
  role: dealerInvitations.role,
  expiresAt: dealerInvitations.expiresAt,
  businessName: dealerProfiles.businessName,
};

/** An invitation by its token's hash, with its dealer's name. */
export async function invitationByToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select(byTokenColumns)
    .from(dealerInvitations)
    .innerJoin(dealerProfiles, eq(dealerProfiles.sellerId, dealerInvitations.dealerId))
    .where(eq(dealerInvitations.tokenHash, tokenHash));
  return row;
}

/** The same, locked until the transaction ends: two acceptances of one link take turns, and one finds it gone. */
export async function lockInvitationByToken(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .select(byTokenColumns)
    .from(dealerInvitations)
    .innerJoin(dealerProfiles, eq(dealerProfiles.sellerId, dealerInvitations.dealerId))
    .where(eq(dealerInvitations.tokenHash, tokenHash))
    .for('update', { of: dealerInvitations });
  return row;
}
