import type { ReportInput } from '@redline/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A buyer reports a car once; a second report answers 409. */
export const reportCar = (input: ReportInput) => api.post('/reportedpost', { body: input });

export function useReportCar() {
  return useMutation({ mutationFn: reportCar });
}
