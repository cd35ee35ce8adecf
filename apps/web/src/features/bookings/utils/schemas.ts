/** The booking form's rules, loaded on its first validation (lib/lazy-resolver.ts), not with its dialog. */
export { bookingInputSchema } from '@redline/shared';
