/** The listing a seller's figures are of: its photo, and its state as a badge. */
import type { ListingCar } from '@redline/shared';
import { CarIcon } from '../../../components/ui/icons.tsx';

const STATUS: Record<ListingCar['status'], { label: string; className: string }> = {
  'for-sale': { label: 'For sale', className: 'badge-success badge-soft' },
  reserved: { label: 'Reserved', className: 'badge-warning badge-soft' },
  sold: { label: 'Sold', className: 'badge-neutral' },
};

export function ListingStatus({ status }: { status: ListingCar['status'] }) {
  return <span className={`badge badge-sm ${STATUS[status].className}`}>{STATUS[status].label}</span>;
}

/** The car's photo (a car's outline when it has none), `className` sizing it. */
export function ListingPhoto({
  car,
  className,
}: {
  car: Pick<ListingCar, 'name' | 'photoUrl'>;
  className: string;
}) {
  if (!car.photoUrl)
    return (
      <span
        aria-hidden="true"
        className={`flex shrink-0 items-center justify-center rounded-lg bg-base-200 text-base-content/40 ${className}`}
      >
        <CarIcon />
      </span>
    );
  return (
    <img
      src={car.photoUrl}
      alt={`The ${car.name}`}
      width={480}
      height={360}
      loading="lazy"
      decoding="async"
      className={`shrink-0 rounded-lg bg-base-200 object-cover ${className}`}
    />
  );
}
