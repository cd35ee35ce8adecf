import { type ReportInput, reportSchema } from '@redline/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const reportMutationKey = ['reports', 'create'] as const;

/** A buyer reports a car once; a second report answers 409. */
export const reportPost = (input: ReportInput) => api.post('/reportedpost', input, { schema: reportSchema });

export function useReportPost() {
  return useMutation({ mutationKey: reportMutationKey, mutationFn: reportPost });
}
