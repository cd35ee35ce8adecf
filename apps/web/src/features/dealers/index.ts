/** The dealers feature's public surface: code outside features/dealers imports only this file. */

export { myDealerProfileQueryOptions, useMyDealerProfile } from './api/get-my-dealer-profile.ts';
export { myTeamQueryOptions } from './api/get-my-team.ts';
export { teamInvitationQueryOptions } from './api/get-team-invitation.ts';
export { DealerProfileForm } from './components/dealer-profile-form.tsx';
export { LeaveTeam } from './components/leave-team.tsx';
export { TeamInvitationPanel } from './components/team-invitation-panel.tsx';
export { TeamManager } from './components/team-manager.tsx';
