/**
 * My Posts: the seller's cars as a table on tablets and up, stacked into cards on phones, with
 * Details, Advertise, Edit, Mark as sold / available and Delete (after a confirmation) per car.
 */
import { type Car, carName, formatDate, formatMoney } from '@redline/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { CarIcon } from '../../../components/ui/icons.tsx';
import { EmptyState, ErrorState, ListSkeleton, LoadMoreButton } from '../../../components/ui/list-states.tsx';
import { ConfirmDialog, Modal } from '../../../components/ui/modal.tsx';
import { StackCell, StackRow, StackTable } from '../../../components/ui/stack-table.tsx';
import { paths } from '../../../config/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useAdvertiseCar } from '../api/advertise-car.ts';
import { useDeleteCar } from '../api/delete-car.ts';
import { useSellerCars } from '../api/get-seller-cars.ts';
import { useUpdateCar } from '../api/update-car.ts';
import { formatKm } from '../utils/car-text.ts';
import { CarForm } from './car-form.tsx';

type SellerCarsListProps = {
  email: string;
  categories: { id: string; name: string }[] | undefined;
};

const COLUMNS = [
  'Car',
  'Asking price',
  'Km driven',
  'Added',
  <span key="actions" className="sr-only">
    Actions
  </span>,
] as const;

export function SellerCarsList({ email, categories }: SellerCarsListProps) {
  const sellerCars = useSellerCars(email);
  const remove = useDeleteCar();
  const [editing, setEditing] = useState<Car | null>(null);
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
          <SellerCarRow key={car.id} car={car} onEdit={setEditing} onDelete={setDeleting} />
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
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
        title="Delete this post?"
        confirmLabel="Delete post"
        cancelLabel="Cancel"
        pending={remove.isPending}
      >
        {deleting
          ? `The ${carName(deleting)} will be removed with its photos, its advertisement, and any saves and reports. This cannot be undone.`
          : null}
      </ConfirmDialog>
    </>
  );
}

type RowProps = { car: Car; onEdit: (car: Car) => void; onDelete: (car: Car) => void };

function SellerCarRow({ car, onEdit, onDelete }: RowProps) {
  const cover = car.photos[0];
  const name = carName(car);
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
      <StackCell label="Km driven">
        <span className="tabular-nums">{formatKm(car.kmDriven)}</span>
      </StackCell>
      <StackCell label="Added">
        <time dateTime={car.addedDate}>{formatDate(car.addedDate)}</time>
      </StackCell>
      <StackCell actions>
        <SellerCarActions car={car} name={name} onEdit={onEdit} onDelete={onDelete} />
      </StackCell>
    </StackRow>
  );
}

function SellerCarActions({ car, name, onEdit, onDelete }: RowProps & { name: string }) {
  const advertise = useAdvertiseCar();
  const update = useUpdateCar();
  const sold = car.soldAt !== null;

  const toggleSold = () =>
    update.mutate(
      { id: car.id, update: { sold: !sold } },
      { onSuccess: () => toast.success(sold ? 'Marked as available' : 'Marked as sold') },
    );

  return (
    <div className="flex w-full flex-col gap-2 md:items-end">
      <div className="flex flex-wrap items-center gap-2 md:justify-end">
        <Link to={paths.car(car.id)} className="btn btn-outline btn-sm" aria-label={`Details of ${name}`}>
          Details
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
