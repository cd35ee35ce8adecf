/** The contact form's rules, loaded on its first validation (lib/lazy-resolver.ts), not with the page. */
export { contactMessageInputSchema } from '@redline/shared';
