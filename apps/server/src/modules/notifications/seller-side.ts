/**
 * Who hears what a seller account is told (ADR 65): the account itself (a dealer's owner) and, for a
 * dealer, its team by role. The team is read when they are told, so a member removed a moment ago
 * hears nothing more, and one who just joined hears the next lead.
 */
import type { NotificationType, TeamRole } from '@redline/shared';
import { sql } from 'drizzle-orm';
import type { Db, Statements, Tx } from '../../db/client.ts';
import { sharedRead } from '../../events/index.ts';
import { teamOf } from '../dealers/index.ts';

/**
 * The kinds told to a seller that are the dealer's standing (a review of it, a car Redline removed),
 * its owner's and managers' to handle, as answering a review is (`review.answer`). Every other kind
 * told to a seller is a lead (a buyer's message, offer or test drive, and their moves), which every
 * member works on.
 */
const STANDING: ReadonlySet<NotificationType> = new Set<NotificationType>(['review.received', 'car.removed']);

/**
 * The people told of a kind `type` of the seller account `sellerId`: it, and the members whose role
 * handles it (without a kind: every member, as of a list they all work on); nobody for a record whose
 * seller is gone (null).
 */
export async function sellerSide(
  statements: Statements,
  tx: Db | Tx,
  sellerId: string | null,
  type?: NotificationType,
): Promise<string[]> {
  if (sellerId === null) return [];
  // Read once for the reactions to a fact: a booking's notice and its people's lists both ask.
  const team = await sharedRead(tx, `team:${sellerId}`, () =>
    statements.on(tx, 'seller_team', teamStatement).execute({ dealerId: sellerId }),
  );
  return [
    sellerId,
    ...team.filter((member) => type === undefined || toldAs(member.role, type)).map(({ id }) => id),
  ];
}

const teamStatement = (db: Db) => teamOf(db, sql.placeholder('dealerId'));

/** Whether a member of this role is told this kind of what their dealer is told. */
export function toldAs(role: TeamRole, type: NotificationType): boolean {
  return role !== 'salesperson' || !STANDING.has(type);
}
