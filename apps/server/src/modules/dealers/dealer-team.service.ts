/**
 * A dealer's team (ADR 65): the owner and managers invite sellers by e-mail and manage the members;
 * an invited seller accepts with the account of the invited address; a member leaves when they
 * like. Whom a member sells for is read by the access layer (record-access.ts) into their session,
 * so every change here publishes `team.changed` for the member, and their cached sessions forget.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  INVITATION_DAYS,
  type InvitationPreview,
  routePatterns,
  type SessionUser,
  TEAM_SIZE_MAX,
  type Team,
  type TeamInvitation,
  type TeamInvitationInput,
  type TeamMember,
  type TeamRole,
} from '@redline/shared';
import { requireSelling } from '../../access/record-access.ts';
import type { AppContext } from '../../context.ts';
import { conflict, forbidden, gone, notFound } from '../../errors.ts';
import { publish } from '../../events/index.ts';
import { sellerListings } from '../cars/index.ts';
import * as repo from './dealer-team.repository.ts';

type TeamContext = Pick<AppContext, 'database' | 'mailer' | 'config'>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Only the token's digest is stored: the database alone cannot make a working link. */
const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** The dealer the actor manages the team of: a 403 for a salesperson, a 409 for a private seller. */
async function managedDealer(context: TeamContext, actor: SessionUser) {
  const { sellerId } = requireSelling(actor, 'dealer.team');
  const owner = await repo.findDealerOwner(context.database.db, sellerId);
  if (!owner) throw conflict('Only a dealer has a team. Fill in your dealer profile first.');
  return owner;
}

export async function getTeam(context: TeamContext, actor: SessionUser): Promise<Team> {
  const { db } = context.database;
  const { businessName: _, ...owner } = await managedDealer(context, actor);
  const [members, invitations] = await Promise.all([
    repo.listMembers(db, owner.id),
    repo.listInvitations(db, owner.id),
  ]);
  return { owner, members: members.map(toMember), invitations: invitations.map(toInvitation) };
}

/**
 * Invites an address to the team, replacing a pending invitation of it, and e-mails the link. The
 * owner's own address and a member's are refused: they are in the team already; so is one more
 * person than TEAM_SIZE_MAX.
 */
export async function invite(
  context: TeamContext,
  actor: SessionUser,
  input: TeamInvitationInput,
): Promise<TeamInvitation> {
  const { db } = context.database;
  const dealer = await managedDealer(context, actor);
  if (input.email === dealer.email.toLowerCase() || (await repo.memberByEmail(db, dealer.id, input.email)))
    throw conflict(`${input.email} is in the team already.`);
  if ((await repo.teamSize(db, dealer.id, input.email)) >= TEAM_SIZE_MAX)
    throw conflict(
      `A team has at most ${TEAM_SIZE_MAX} members and pending invitations. Revoke or remove someone first.`,
    );
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * DAY_MS);
  const id = await repo.replaceInvitation(db, {
    dealerId: dealer.id,
    email: input.email,
    role: input.role,
    tokenHash: digest(token),
    invitedBy: actor.id,
    expiresAt,
  });
  const link = new URL(routePatterns.teamInvitation.replace(':token', token), context.config.publicUrl).href;
  await context.mailer.send({
    to: input.email,
    subject: `${dealer.businessName} invites you to sell on Redline`,
    text: `Hello,\n\n${actor.name} invites you to join ${dealer.businessName}'s team on Redline as a ${input.role}. Open this link within ${INVITATION_DAYS} days to accept, signed in with a seller account of this address (${input.email}):\n\n${link}\n\nIf you did not expect this, ignore this e-mail.\n`,
  });
  return toInvitation((await repo.findInvitation(db, id))!);
}

/** Revokes a pending invitation of the dealer: its link stops working. Another dealer's is a 404. */
export async function revokeInvitation(context: TeamContext, actor: SessionUser, id: string) {
  const dealer = await managedDealer(context, actor);
  const deletedCount = await repo.deleteInvitation(context.database.db, dealer.id, id);
  if (deletedCount === 0) throw notFound('The invitation');
  return { deletedCount };
}

/** Gives a member another role. The owner is no member: there is no row to change (a 404). */
export async function setMemberRole(
  context: TeamContext,
  actor: SessionUser,
  memberId: string,
  role: TeamRole,
): Promise<TeamMember> {
  const { db } = context.database;
  const dealer = await managedDealer(context, actor);
  if (!(await repo.setMemberRole(db, dealer.id, memberId, role))) throw notFound('The team member');
  await publish(db, 'team.changed', { memberId });
  return toMember((await repo.findMember(db, memberId))!);
}

/**
 * Removes a member: their access ends with the event (their sessions forget the dealer), and
 * what they made is the dealer's already (every row names the dealer's account).
 */
export async function removeMember(context: TeamContext, actor: SessionUser, memberId: string) {
  const { db } = context.database;
  const dealer = await managedDealer(context, actor);
  const deletedCount = await repo.deleteMember(db, memberId, dealer.id);
  if (deletedCount === 0) throw notFound('The team member');
  await publish(db, 'team.changed', { memberId });
  return { deletedCount };
}

/** The member leaves their dealer's team (0 when they are in none). */
export async function leaveTeam(context: TeamContext, actor: SessionUser) {
  const { db } = context.database;
  const deletedCount = await repo.deleteMember(db, actor.id);
  if (deletedCount > 0) await publish(db, 'team.changed', { memberId: actor.id });
  return { deletedCount };
}

/**
 * An invitation's page: the dealer and the role, not the address (the page is anyone's who has the
 * link). Unknown (used, revoked, replaced): 404; expired: 410.
 */
export async function previewInvitation(context: TeamContext, token: string): Promise<InvitationPreview> {
  const { businessName, dealerId, role, expiresAt } = usable(
    await repo.invitationByToken(context.database.db, digest(token)),
  );
  return { businessName, dealerId, role, expiresAt: expiresAt.toISOString() };
}

function usable<I extends { expiresAt: Date }>(invitation: I | undefined): I {
  if (!invitation) throw notFound('The invitation');
  if (invitation.expiresAt.getTime() <= Date.now())
    throw gone('This invitation has expired. Ask the dealer to invite you again.');
  return invitation;
}

/**
 * Joins the dealer's team with the invitation: the signed-in account must be the invited address's,
 * a seller's, with no cars of its own for sale, no dealer profile and no team. The invitation is
 * used up; two acceptances at once take turns on its row, and the second finds it gone.
 */
export async function acceptInvitation(
  context: TeamContext,
  actor: SessionUser,
  token: string,
): Promise<TeamMember> {
  const { db } = context.database;
  const tokenHash = digest(token);
  const invitation = usable(await repo.invitationByToken(db, tokenHash));
  if (invitation.email !== actor.email.toLowerCase())
    throw forbidden(
      'This invitation is for another e-mail address: sign in with the account of the address it was sent to.',
    );
  if (actor.role !== 'Seller')
    throw forbidden(
      'A team sells cars: only a seller account can join. Ask the dealer to invite the address of a seller account.',
    );
  if (actor.sellsFor?.role !== 'owner') throw conflict("You are in a dealer's team already. Leave it first.");
  if (actor.sellsFor.businessName !== null)
    throw conflict('You are a dealer yourself. Go back to selling privately first.');
  if ((await sellerListings(db, actor.id)).forSale > 0)
    throw conflict('You have cars of your own for sale. Mark them sold or delete them first.');
  await db.transaction(async (tx) => {
    const locked = usable(await repo.lockInvitationByToken(tx, tokenHash));
    if (!(await repo.insertMember(tx, { memberId: actor.id, dealerId: locked.dealerId, role: locked.role })))
      throw conflict("You are in a dealer's team already. Leave it first.");
    await repo.deleteInvitation(tx, locked.dealerId, locked.id);
    await publish(tx, 'team.changed', { memberId: actor.id });
  });
  return toMember((await repo.findMember(db, actor.id))!);
}

function toMember(row: NonNullable<Awaited<ReturnType<typeof repo.findMember>>>): TeamMember {
  const { createdAt, ...member } = row;
  return { ...member, since: createdAt.toISOString() };
}

function toInvitation(row: NonNullable<Awaited<ReturnType<typeof repo.findInvitation>>>): TeamInvitation {
  return { ...row, expiresAt: row.expiresAt.toISOString(), createdAt: row.createdAt.toISOString() };
}
