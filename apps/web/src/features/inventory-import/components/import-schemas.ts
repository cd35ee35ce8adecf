/** The import page's rules, loaded on a form's first validation (lib/lazy-resolver.ts), not with the page. */
export { importCommitInputSchema } from '@redline/shared';
