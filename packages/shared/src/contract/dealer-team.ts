/** A dealer's team (ADR 65): its members and invitations, managed by the owner and managers; joining and leaving. */
import { deletedCountSchema, idParamsSchema } from '../common.ts';
import {
  invitationPreviewSchema,
  invitationTokenParamsSchema,
  teamInvitationInputSchema,
  teamInvitationSchema,
  teamMemberSchema,
  teamRoleInputSchema,
  teamSchema,
} from '../dealer-team.ts';
import { userIdParamsSchema } from '../users.ts';
import { defineRoute } from './route.ts';

const tags = ['dealers'];

export const dealerTeamRoutes = {
  getMyTeam: defineRoute({
    method: 'GET',
    path: '/me/team',
    access: ['Seller'],
    tags,
    operationId: 'getMyTeam',
    summary: "The dealer's team: its owner, members and pending invitations (owner or manager)",
    responses: { 200: teamSchema },
    otherStatuses: [403, 409],
  }),
  inviteTeamMember: defineRoute({
    method: 'POST',
    path: '/me/team/invitations',
    access: ['Seller'],
    tags,
    operationId: 'inviteTeamMember',
    summary:
      'Invite an e-mail address to sell for the dealer, as a manager or a salesperson; replaces a pending invitation of that address (owner or manager)',
    body: teamInvitationInputSchema,
    responses: { 201: teamInvitationSchema },
    otherStatuses: [403, 409, 429],
  }),
  revokeTeamInvitation: defineRoute({
    method: 'DELETE',
    path: '/me/team/invitations/:id',
    access: ['Seller'],
    tags,
    operationId: 'revokeTeamInvitation',
    summary: 'Revoke a pending invitation: its link stops working (owner or manager)',
    params: idParamsSchema,
    responses: { 200: deletedCountSchema },
    otherStatuses: [403, 404, 409],
  }),
  setTeamMemberRole: defineRoute({
    method: 'PUT',
    path: '/me/team/members/:id',
    access: ['Seller'],
    tags,
    operationId: 'setTeamMemberRole',
    summary: "Change a member's role (owner or manager)",
    params: userIdParamsSchema,
    body: teamRoleInputSchema,
    responses: { 200: teamMemberSchema },
    otherStatuses: [403, 404, 409],
  }),
  removeTeamMember: defineRoute({
    method: 'DELETE',
    path: '/me/team/members/:id',
    access: ['Seller'],
    tags,
    operationId: 'removeTeamMember',
    summary:
      "Remove a member: their access ends at once; what they did stays the dealer's (owner or manager)",
    params: userIdParamsSchema,
    responses: { 200: deletedCountSchema },
    otherStatuses: [403, 404, 409],
  }),
  leaveTeam: defineRoute({
    method: 'DELETE',
    path: '/me/team/membership',
    access: ['Seller'],
    tags,
    operationId: 'leaveTeam',
    summary: "Stop selling for one's dealer; what one did stays the dealer's",
    responses: { 200: deletedCountSchema },
  }),
  getTeamInvitation: defineRoute({
    method: 'GET',
    path: '/team-invitations/:token',
    access: 'public',
    tags,
    operationId: 'getTeamInvitation',
    summary: 'Which dealer an invitation is from, for which address and role (from its e-mailed link)',
    params: invitationTokenParamsSchema,
    responses: { 200: invitationPreviewSchema },
    otherStatuses: [404, 410],
  }),
  acceptTeamInvitation: defineRoute({
    method: 'POST',
    path: '/team-invitations/:token/acceptance',
    access: 'signedIn',
    tags,
    operationId: 'acceptTeamInvitation',
    summary:
      "Join the dealer's team: the signed-in seller account must be the invited address's, have no cars of its own and be in no team",
    params: invitationTokenParamsSchema,
    responses: { 200: teamMemberSchema },
    otherStatuses: [403, 404, 409, 410],
  }),
};
