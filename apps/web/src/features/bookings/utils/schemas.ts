/** The booking forms' rules, loaded on their first validation (lib/lazy-resolver.ts), not with their dialogs. */
export { bookingInputSchema, bookingProposalInputSchema } from '@redline/shared';
