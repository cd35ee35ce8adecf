/** The invitation form's rules, loaded on its first validation (lib/lazy-resolver.ts), not with the page. */
export { teamInvitationInputSchema } from '@redline/shared';
