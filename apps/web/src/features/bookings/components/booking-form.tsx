import {
  BOOKING_ERROR_CODES,
  type BookingInput,
  type Car,
  carName,
  formatDistance,
  formatMoney,
  placeName,
  TEST_DRIVE_FEE_CENTS,
  type User,
} from '@redline/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/ui/form-field.tsx';
import { DialogActions } from '../../../components/ui/modal.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { toast } from '../../../lib/toast.ts';
import { useUnitSystem } from '../../../lib/units.ts';
import { useBookTestDrive } from '../api/book-test-drive.ts';
import { TestDriveTimeFields } from './test-drive-time-fields.tsx';

export const BOOKED_MESSAGE = 'Test drive booked. Pay for it in My Bookings to confirm it.';

/** The buyer's booking of this car that stopped a new one, and the server's words about it. */
export type ExistingBooking = { id: string; message: string };

type BookingFormProps = {
  car: Car;
  buyer: User;
  onDone: () => void;
  onCancel: () => void;
  /** The buyer already has a live booking of this car: the form closes and the caller points to it. */
  onAlreadyBooked: (existing: ExistingBooking) => void;
};

function existingBookingOf(error: unknown): ExistingBooking | null {
  const id =
    error instanceof ApiError && error.code === BOOKING_ERROR_CODES.alreadyBooked && error.fields?.bookingId;
  return id ? { id, message: (error as ApiError).message } : null;
}

/** The buyer picks phone, city, date and time; who they are and which car are shown, not sent. */
export function BookingForm({ car, buyer, onDone, onCancel, onAlreadyBooked }: BookingFormProps) {
  const book = useBookTestDrive();
  const system = useUnitSystem();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<BookingInput>({
    resolver: lazyZodResolver(() => import('../utils/schemas.ts').then((m) => m.bookingInputSchema)),
    // The test drive is where the car is, unless the buyer says otherwise.
    defaultValues: {
      carId: car.id,
      phone: '',
      city: car.location ? placeName(car.location) : '',
      date: '',
      time: '',
    },
  });

  // The form loads after its modal has opened (book-test-drive-button.tsx): it takes the focus itself.
  useEffect(() => setFocus('phone'), [setFocus]);

  const name = carName(car);
  const cover = car.photos[0];
  const _today = new Date();

  const onSubmit = handleSubmit((values) =>
    book.mutate(values, {
      onSuccess: () => {
        toast.success(BOOKED_MESSAGE);
        onDone();
      },
      onError: (error) => {
        const existing = existingBookingOf(error);
        if (existing) return onAlreadyBooked(existing);
        toast.error(errorMessage(error));
        setServerFieldErrors(error, setError, ['phone', 'city', 'date', 'time']);
        // A conflict (sold meanwhile) cannot be fixed in this form: its toast says why.
        if (error instanceof ApiError && (error.status === 409 || error.status === 404)) onCancel();
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-1" aria-busy={book.isPending}>
      <div className="mb-2 flex items-center gap-3 rounded-box border border-base-300 bg-base-200/60 p-3">
        <img
          src={cover?.src ?? car.photo}
          srcSet={cover?.srcSet}
          sizes="96px"
          alt={`The ${name}`}
          width={96}
          height={64}
          className="h-16 w-24 shrink-0 rounded-lg bg-base-300 object-cover"
        />
        <div className="min-w-0">
          <p className="text-xs font-medium uppercase tracking-wide text-base-content/70">Car</p>
          <p className="truncate font-semibold" data-testid="booking-car">
            {name}
          </p>
          <p className="text-sm text-base-content/75">Asking {formatMoney(car.askingPrice)}</p>
        </div>
      </div>

      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField id="booking-name" label="Name" value={buyer.name} readOnly className="bg-base-200" />
        <TextField
          id="booking-email"
          label="Email"
          type="email"
          value={buyer.email}
          readOnly
          className="bg-base-200"
        />
        <TextField
          id="booking-phone"
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+1 512 555 0199"
          data-autofocus
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          id="booking-city"
          label="City"
          autoComplete="address-level2"
          error={errors.city?.message}
          {...register('city')}
        />
        <TestDriveTimeFields
          idPrefix="booking"
          date={register('date')}
          time={register('time')}
          errors={{ date: errors.date?.message, time: errors.time?.message }}
        />
      </div>

      {car.location && car.deliveryRadiusKm !== null ? (
        <p className="mt-3 rounded-box bg-info/10 p-3 text-sm text-base-content/80">
          The seller delivers this car within {formatDistance(car.deliveryRadiusKm, system)} of{' '}
          {placeName(car.location)}: say where you would like the test drive.
        </p>
      ) : null}

      <p className="mt-3 rounded-box bg-base-200/60 p-3 text-sm text-base-content/80">
        The test drive costs{' '}
        <strong className="text-base-content">{formatMoney(TEST_DRIVE_FEE_CENTS)}</strong>. Pay from your
        dashboard to confirm the booking; you can cancel it until then.
      </p>

      <DialogActions onCancel={onCancel} confirmLabel="Book test drive" pending={book.isPending} />
    </form>
  );
}
