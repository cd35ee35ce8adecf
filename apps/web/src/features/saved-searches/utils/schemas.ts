/** The saved-search forms' rules, loaded on their first validation (lib/lazy-resolver.ts), not with their dialogs. */
export { savedSearchChangeSchema, savedSearchInputSchema } from '@redline/shared';
