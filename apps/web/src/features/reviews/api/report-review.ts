import type { ReviewReportInput } from '@redline/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Anyone signed in reports a review to the admins, once. */
export const reportReview = ({ id, ...input }: ReviewReportInput & { id: string }) =>
  api.post('/reviews/:id/report', { params: { id }, body: input });

export function useReportReview() {
  return useMutation({ mutationFn: reportReview });
}
