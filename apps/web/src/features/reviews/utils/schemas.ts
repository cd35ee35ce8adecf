/** The review forms' rules, loaded on their first validation (lib/lazy-resolver.ts), not with their dialogs. */
export { reviewAnswerInputSchema, reviewInputSchema, reviewReportInputSchema } from '@redline/shared';
