/**
 * A dealer's team (issue 49, ADR 65): other seller accounts that sell for the dealer, invited by
 * e-mail, each as a manager (everything the owner does but touch the owner) or a salesperson
 * (listings and leads).
 */
import { z } from 'zod';
import { emailSchema } from './common.ts';

/** What a team member does for the dealer; the dealer's own account is its `owner`. */
export const TEAM_ROLES = ['manager', 'salesperson'] as const;
export const teamRoleSchema = z.enum(TEAM_ROLES, { error: 'Choose manager or salesperson' });
export type TeamRole = z.infer<typeof teamRoleSchema>;
export const SELLING_ROLES = ['owner', ...TEAM_ROLES] as const;
export type SellingRole = (typeof SELLING_ROLES)[number];

/**
 * The account a signed-in seller sells for, and as what: their own (`owner`), or their dealer's.
 * Null for buyers and admins.
 */
export const sellsForSchema = z.object({
  sellerId: z.string(),
  role: z.enum(SELLING_ROLES),
  /** The dealer's business name, or null for a private seller selling for themselves. */
  businessName: z.string().nullable(),
});
export type SellsFor = z.infer<typeof sellsForSchema>;

/** The most people a team holds, its pending invitations counted: a dealership's staff, not a mailing list. */
export const TEAM_SIZE_MAX = 50;

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;

/** Body of `POST /me/team/invitations`: who is invited, as what. */
export const teamInvitationInputSchema = z.object({ email: emailSchema, role: teamRoleSchema });
export type TeamInvitationInput = z.infer<typeof teamInvitationInputSchema>;

/** Body of `PUT /me/team/members/{id}`. */
export const teamRoleInputSchema = z.object({ role: teamRoleSchema });

export const teamMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: teamRoleSchema,
  since: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** A pending invitation: sent, neither accepted, revoked nor replaced; `expiresAt` may have passed. */
export const teamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: teamRoleSchema,
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/** `GET /me/team`: the owner, the members and the pending invitations of the dealer. */
export const teamSchema = z.object({
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  members: z.array(teamMemberSchema).max(TEAM_SIZE_MAX),
  invitations: z.array(teamInvitationSchema).max(TEAM_SIZE_MAX),
});
export type Team = z.infer<typeof teamSchema>;

/** An invitation's token, from its e-mailed link. */
export const invitationTokenParamsSchema = z.object({ token: z.string().min(1).max(100) });

/**
 * What an invitation's page shows before it is accepted: which dealer invites, as what, until when;
 * not the address, which the link's holder knows and a passer-by need not.
 */
export const invitationPreviewSchema = z.object({
  businessName: z.string(),
  dealerId: z.string(),
  role: teamRoleSchema,
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
