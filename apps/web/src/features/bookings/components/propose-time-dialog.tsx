import {
  type Booking,
  type BookingProposalInput,
  formatRequestedDate,
  formatRequestedTime,
} from '@redline/shared';
import { useForm } from 'react-hook-form';
import { DialogActions, Modal } from '../../../components/ui/modal.tsx';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { toast } from '../../../lib/toast.ts';
import { useBookingStep } from '../api/booking-steps.ts';
import { TestDriveTimeFields } from './test-drive-time-fields.tsx';

/** The seller proposes another day and time for a test drive; the buyer then accepts it in My Bookings. */
export function ProposeTimeDialog({ booking, onClose }: { booking: Booking | null; onClose: () => void }) {
  return (
    <Modal
      open={booking !== null}
      onClose={onClose}
      title="Propose another time"
      description={
        booking
          ? `${booking.buyerName} asked for ${formatRequestedDate(booking.requestedDate)} at ${formatRequestedTime(booking.requestedDate, booking.requestedTime)}. They can accept your time in their bookings.`
          : undefined
      }
    >
      {booking ? <ProposeTimeForm booking={booking} onDone={onClose} /> : null}
    </Modal>
  );
}

function ProposeTimeForm({ booking, onDone }: { booking: Booking; onDone: () => void }) {
  const step = useBookingStep();
  const _today = new Date();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<BookingProposalInput>({
    resolver: lazyZodResolver(() => import('../utils/schemas.ts').then((m) => m.bookingProposalInputSchema)),
    defaultValues: { date: booking.requestedDate, time: booking.requestedTime },
  });

  const onSubmit = handleSubmit((proposal) =>
    step.mutate(
      { id: booking.id, step: 'propose', proposal },
      {
        onSuccess: () => {
          toast.success(`New time proposed to ${booking.buyerName}`);
          onDone();
        },
        onError: (error) => setServerFieldErrors(error, setError, ['date', 'time']),
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-1" aria-busy={step.isPending}>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TestDriveTimeFields
          idPrefix="proposal"
          date={register('date')}
          time={register('time')}
          errors={{ date: errors.date?.message, time: errors.time?.message }}
        />
      </div>
      <DialogActions onCancel={onDone} confirmLabel="Propose time" pending={step.isPending} />
    </form>
  );
}
