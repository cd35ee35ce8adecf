import type { BookingProposalInput } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

/** A step of the lifecycle: the seller's answers, or the buyer taking the time the seller proposed. */
export type BookingStep =
  | { step: 'accept' | 'decline' | 'accept-proposal' }
  | { step: 'propose'; proposal: BookingProposalInput };

export const takeBookingStep = (id: string, step: BookingStep) =>
  step.step === 'propose'
    ? api.post('/testdrivebooking/:id/propose', { params: { id }, body: step.proposal })
    : api.post(`/testdrivebooking/:id/${step.step}`, { params: { id } });

export function useBookingStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...step }: BookingStep & { id: string }) => takeBookingStep(id, step),
    onSuccess: () => changed(queryClient, 'bookings'),
  });
}
