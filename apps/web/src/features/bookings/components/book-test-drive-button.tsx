import type { Car, User } from '@redline/shared';
import { useIsMutating } from '@tanstack/react-query';
import { lazy, useId, useState } from 'react';
import { Link } from 'react-router';
import { Modal } from '../../../components/ui/modal.tsx';
import { paths } from '../../../config/paths.ts';
import { useActionOnReturn, useSignInThen } from '../../../lib/account-action.ts';
import { bookTestDriveMutationKey } from '../api/book-test-drive.ts';
import type { ExistingBooking } from './booking-form.tsx';

// Loaded when the buyer opens it, not with the car page: the phone rules it carries are sizeable.
const BookingForm = lazy(() => import('./booking-form.tsx').then((m) => ({ default: m.BookingForm })));

type BookTestDriveButtonProps = {
  car: Car;
  /** The signed-in user, null for a visitor (who signs in to book); only a Buyer can book. */
  user: User | null;
};

/** Why the button is disabled for this user (null: a visitor) and car, or null when they may book. */
export function bookingBlockedReason(car: Car, user: User | null): string | null {
  if (car.soldAt) return 'This car has been sold, so it can no longer be booked.';
  if (user && user.role !== 'Buyer')
    return 'Only buyers can book a test drive. Sign in with a buyer account to book.';
  return null;
}

/**
 * "Book a test drive now": opens the booking form in a modal. Renders the button (and, when it is
 * disabled, the reason on its own line) straight into the caller's flex row of actions. A visitor's
 * goes to sign in, and the form is open when they come back as a buyer.
 */
export function BookTestDriveButton({ car, user }: BookTestDriveButtonProps) {
  const [open, setOpen] = useState(false);
  const [existing, setExisting] = useState<ExistingBooking | null>(null);
  const pending = useIsMutating({ mutationKey: bookTestDriveMutationKey }) > 0;
  const hintId = useId();
  const blocked = bookingBlockedReason(car, user);
  const signIn = useSignInThen('book');
  useActionOnReturn('book', user !== null && blocked === null, () => setOpen(true));

  return (
    <>
      <button
        type="button"
        className="btn btn-primary btn-lg whitespace-nowrap"
        disabled={blocked !== null}
        aria-describedby={blocked ? hintId : undefined}
        aria-haspopup="dialog"
        onClick={user ? () => setOpen(true) : signIn}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="20"
          height="20"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          className="hidden shrink-0 min-[400px]:block"
        >
          <rect x="3" y="4.5" width="18" height="16" rx="2" />
          <path d="M3 9.5h18M8 2.5v4M16 2.5v4M8.5 15l2.5 2.5 4.5-5" />
        </svg>
        Book a test drive now
      </button>
      {blocked ? (
        <p id={hintId} className="order-last basis-full text-sm text-base-content/75">
          {blocked}
        </p>
      ) : null}
      {existing ? (
        <p role="alert" className="order-last basis-full text-sm">
          {existing.message}{' '}
          <Link to={paths.payBooking(existing.id)} className="link link-primary font-medium">
            Open your booking
          </Link>
        </p>
      ) : null}
      {user ? (
        <Modal
          open={open}
          onClose={() => setOpen(false)}
          busy={pending}
          loadingLabel="Loading the booking form"
          title="Book a test drive"
          description="Choose when and where you would like to drive it. The seller will meet you there."
        >
          <BookingForm
            car={car}
            buyer={user}
            onDone={() => setOpen(false)}
            onCancel={() => setOpen(false)}
            onAlreadyBooked={(booking) => {
              setExisting(booking);
              setOpen(false);
            }}
          />
        </Modal>
      ) : null}
    </>
  );
}
