/**
 * My Posts: the seller's cars as a table on tablets and up, stacked into cards on phones, with each
 * car's market value and a "what if" of a lower price, and Details, Advertise, Edit, Mark as sold /
 * available and Delete per car. Mark as sold and Delete
 * ask first, saying from the server how many test drives they cancel and refund.
 */
import {
  type Car,
  carName,
  formatDate,
  formatDistance,
  formatMoney,
  type ListedSellerCar,
} from '@redline/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { CarIcon } from '../../../components/ui/icons.tsx';
import { EmptyState, ErrorState, ListSkeleton, LoadMoreButton } from '../../../components/ui/list-states.tsx';
import { ConfirmDialog, Modal } from '../../../components/ui/modal.tsx';
import { StackCell, StackRow, StackTable } from '../../../components/ui/stack-table.tsx';
import { paths } from '../../../config/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useUnitSystem } from '../../../lib/units.ts';
import { useAdvertiseCar } from '../api/advertise-car.ts';
import { useDeleteCar } from '../api/delete-car.ts';
import { useCarBookingsAhead } from '../api/get-car-bookings-ahead.ts';
import { useSellerCars } from '../api/get-seller-cars.ts';
import { useUpdateCar } from '../api/update-car.ts';
import { bookingsAheadText } from '../utils/bookings-ahead.ts';
import { CarForm } from './car-form.tsx';
import { PriceWhatIf } from './price-what-if.tsx';

type SellerCarsListProps = {
  email: string;
  categories: { id: string; name: string }[] | undefined;
};

const COLUMNS = [
  'Car',
  'Asking price',
  'Market value',
  'Mileage',
  'Added',
  <span key="actions" className="sr-only">
    Actions
  </span>,
] as const;

export function SellerCarsList({ email, categories }: SellerCarsListProps) {
  const sellerCars = useSellerCars(email);
  const remove = useDeleteCar();
  const update = useUpdateCar();
  const [editing, setEditing] = useState<Car | null>(null);
  const [selling, setSelling] = useState<Car | null>(null);
  const [deleting, setDeleting] = useState<Car | null>(null);
  const cars = sellerCars.data?.pages.flatMap((page) => page.items) ?? [];

  if (sellerCars.isPending) return <ListSkeleton label="Loading your posts" />;
  if (sellerCars.isError) {
    return (
      <ErrorState
        message={`Could not load your posts. ${sellerCars.error.message}`}
        onRetry={() => sellerCars.refetch()}
      />
    );
  }
  if (cars.length === 0) {
    return (
      <EmptyState
        title="You have not posted a car yet"
        icon={<CarIcon />}
        action={
          <Link to={paths.dashSellerAddCar} className="btn btn-primary btn-sm">
            Post a Car
          </Link>
        }
      >
        Post your first car: it takes a few minutes, and buyers see it in its category straight away.
      </EmptyState>
    );
  }

  const confirmSold = () =>
    selling &&
    update.mutate(
      { id: selling.id, update: { sold: true } },
      {
        onSuccess: () => {
          toast.success('Marked as sold');
          setSelling(null);
        },
      },
    );

  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success('Deleted post successfully');
        setDeleting(null);
      },
    });

  return (
    <>
      <StackTable caption="Your posts, newest first" columns={COLUMNS}>
        {cars.map((car) => (
          <SellerCarRow
            key={car.id}
            car={car}
            onEdit={setEditing}
            onMarkSold={setSelling}
            onDelete={setDeleting}
          />
        ))}
      </StackTable>
      <LoadMoreButton
        hasNextPage={sellerCars.hasNextPage}
        isFetchingNextPage={sellerCars.isFetchingNextPage}
        fetchNextPage={sellerCars.fetchNextPage}
      />

      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? `Edit ${carName(editing)}` : 'Edit post'}
        size="lg"
      >
        {editing ? (
          <CarForm
            car={editing}
            categories={categories}
            onSaved={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        open={selling !== null}
        onClose={() => setSelling(null)}
        onConfirm={confirmSold}
        title="Mark this car as sold?"
        confirmLabel="Mark as sold"
        cancelLabel="Cancel"
        pending={update.isPending}
      >
        {selling ? (
          <>
            <p>The {carName(selling)} will leave the search, its category and the advertisements.</p>
            <BookingsAhead carId={selling.id} />
            <p className="mt-2">Marking it available again does not bring cancelled test drives back.</p>
          </>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
        title="Delete this post?"
        confirmLabel="Delete post"
        cancelLabel="Cancel"
        pending={remove.isPending}
      >
        {deleting ? (
          <>
            <p>
              The {carName(deleting)} will be removed with its photos, its advertisement, and any saves and
              reports.
            </p>
            <BookingsAhead carId={deleting.id} />
            <p className="mt-2">This cannot be undone.</p>
          </>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

/** The car's test drives that selling or deleting it cancels, as the server counts them now. */
function BookingsAhead({ carId }: { carId: string }) {
  const ahead = useCarBookingsAhead(carId);
  let text: string;
  if (ahead.isPending) text = 'Checking its test drives…';
  else if (ahead.isError)
    text =
      'Its test drives could not be checked: any booked ahead will be cancelled, and paid ones refunded.';
  else text = bookingsAheadText(ahead.data);
  return (
    <p className="mt-2" aria-live="polite">
      {text}
    </p>
  );
}

type RowProps = {
  car: ListedSellerCar;
  onEdit: (car: Car) => void;
  onMarkSold: (car: Car) => void;
  onDelete: (car: Car) => void;
};

function SellerCarRow({ car, ...actions }: RowProps) {
  const cover = car.photos[0];
  const name = carName(car);
  const units = useUnitSystem();
  return (
    <StackRow>
      <StackCell primary>
        <div className="flex items-center gap-4">
          <img
            src={cover?.src ?? car.photo}
            srcSet={cover?.srcSet}
            sizes="(min-width: 768px) 96px, 112px"
            width={cover?.width ?? 1600}
            height={cover?.height ?? 1200}
            alt={name}
            loading="lazy"
            decoding="async"
            className="h-20 w-28 shrink-0 rounded-lg bg-base-200 object-cover md:h-16 md:w-24"
          />
          <div className="min-w-0">
            <p className="text-sm text-base-content/70">
              {car.year} {car.brand}
            </p>
            <p className="font-semibold leading-snug">{car.model}</p>
            <p className="mt-1">
              {car.soldAt ? (
                <span className="badge badge-neutral badge-sm">Sold</span>
              ) : (
                <span className="badge badge-success badge-soft badge-sm">For sale</span>
              )}
            </p>
          </div>
        </div>
      </StackCell>
      <StackCell label="Asking price">
        <span className="font-semibold tabular-nums">{formatMoney(car.askingPrice)}</span>
      </StackCell>
      <StackCell label="Market value">
        <PriceWhatIf car={car} />
      </StackCell>
      <StackCell label="Mileage">
        <span className="tabular-nums">{formatDistance(car.kmDriven, units)}</span>
      </StackCell>
      <StackCell label="Added">
        <time dateTime={car.addedDate}>{formatDate(car.addedDate)}</time>
      </StackCell>
      <StackCell actions>
        <SellerCarActions car={car} name={name} {...actions} />
      </StackCell>
    </StackRow>
  );
}

function SellerCarActions({ car, name, onEdit, onMarkSold, onDelete }: RowProps & { name: string }) {
  const advertise = useAdvertiseCar();
  const update = useUpdateCar();
  const sold = car.soldAt !== null;

  // Back on sale changes nothing else: one click. Selling cancels test drives: asked first.
  const toggleSold = () =>
    sold
      ? update.mutate(
          { id: car.id, update: { sold: false } },
          { onSuccess: () => toast.success('Marked as available') },
        )
      : onMarkSold(car);

  return (
    <div className="flex w-full flex-col gap-2 md:items-end">
      <div className="flex flex-wrap items-center gap-2 md:justify-end">
        <Link to={paths.car(car.id)} className="btn btn-outline btn-sm" aria-label={`Details of ${name}`}>
          Details
        </Link>
        <Link
          to={paths.listingPerformance(car.id)}
          className="btn btn-outline btn-sm"
          aria-label={`Performance of ${name}`}
        >
          Performance
        </Link>
        {car.isAdvertised ? (
          <span className="inline-flex h-8 items-center gap-1 rounded-field bg-primary/10 px-3 text-sm font-semibold text-primary">
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              width="16"
              height="16"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="m5 12.5 4.5 4.5L19 7.5" />
            </svg>
            Advertised
          </span>
        ) : sold ? null : (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            aria-label={`Advertise ${name}`}
            disabled={advertise.isPending}
            onClick={() =>
              advertise.mutate(car.id, { onSuccess: () => toast.success('Post added to advertisement') })
            }
          >
            {advertise.isPending ? (
              <span className="loading loading-spinner loading-xs" aria-hidden="true" />
            ) : null}
            Advertise
          </button>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-1 md:justify-end">
        <button
          type="button"
          className="btn btn-ghost btn-xs"
          aria-label={`Edit ${name}`}
          onClick={() => onEdit(car)}
        >
          Edit
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-xs"
          aria-label={`${sold ? 'Mark as available' : 'Mark as sold'}: ${name}`}
          disabled={update.isPending}
          onClick={toggleSold}
        >
          {sold ? 'Mark as available' : 'Mark as sold'}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-xs text-error"
          aria-label={`Delete ${name}`}
          onClick={() => onDelete(car)}
        >
          Delete
        </button>
      </div>
    </div>
  );
}
