/** The dealer profile form's rules, loaded on its first validation (lib/lazy-resolver.ts), not with the page. */
export { dealerProfileInputSchema } from '@redline/shared';
