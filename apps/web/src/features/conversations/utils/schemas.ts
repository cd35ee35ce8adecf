/** The report form's rules, loaded on its first validation (lib/lazy-resolver.ts), not with its dialog. */
export { conversationReportInputSchema } from '@redline/shared';
