/**
 * Who hears what a seller account is told (ADR 65): the account itself (a dealer's owner) and, for a
 * dealer, its team by role. The team is read when they are told, so a member removed a moment ago
 * hears nothing more, and one who just joined hears the next lead.
 */
import type { TeamRole } from '@redline/shared';
import type { Db, Tx } from '../../db/client.ts';
import { teamOf } from '../dealers/index.ts';

/**
 * What the seller is told of: a lead (a buyer's message, offer or test drive, and their moves), which
 * every member works on; or the dealer's standing (a review of it, a car Redline removed), which is
 * its owner's and managers' to handle, as answering a review is (`review.answer`).
 */
export type SellerMatter = 'lead' | 'standing';

const TOLD_OF: Record<SellerMatter, readonly TeamRole[]> = {
  lead: ['manager', 'salesperson'],
  standing: ['manager'],
};

/**
 * The people told of a `matter` of the seller account `sellerId`: it, and the members whose role
 * handles it; nobody for a record whose seller is gone (null).
 */
export async function sellerSide(
  tx: Db | Tx,
  sellerId: string | null,
  matter: SellerMatter,
): Promise<string[]> {
  if (sellerId === null) return [];
  const team = await teamOf(tx, sellerId);
  return [sellerId, ...team.filter((member) => TOLD_OF[matter].includes(member.role)).map(({ id }) => id)];
}
