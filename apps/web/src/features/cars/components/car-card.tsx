import {
  type Car,
  carName,
  carTitle,
  type DealRating,
  formatDistance,
  formatMoney,
  placeName,
} from '@redline/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CompareToggle } from '../../../components/ui/compare-toggle.tsx';
import { FuelIcon, OdometerIcon, PinIcon } from '../../../components/ui/icons.tsx';
import { type ImageLoading, imageLoadingProps } from '../../../components/ui/image-loading.ts';
import { VerifiedBadge } from '../../../components/ui/verified-badge.tsx';
import { paths } from '../../../config/paths.ts';
import { useUnitSystem } from '../../../lib/units.ts';
import { aboutPreview, distanceAway, priceSaving } from '../utils/car-text.ts';
import { DealRatingBadge } from './deal-rating-badge.tsx';
import { PriceDropBadge, usePriceDropShown } from './price-drop-badge.tsx';
import { ReservedBadge } from './reserved-badge.tsx';

/** What a card shows: the fields shared by a category's cars and the advertised ones. */
export type CarCardData = Pick<
  Car,
  | 'id'
  | 'year'
  | 'brand'
  | 'model'
  | 'trim'
  | 'transmission'
  | 'drivetrain'
  | 'bodyStyle'
  | 'fuel'
  | 'about'
  | 'askingPrice'
  | 'originalPrice'
  | 'kmDriven'
  | 'photo'
  | 'photos'
  | 'seller'
  | 'sellerId'
  | 'sellerVerified'
  | 'soldAt'
  | 'reservedAt'
  | 'priceDroppedAt'
  | 'location'
>;

/** The grid is 1/2/3 columns wide at small/medium/large (max 80rem wide), so the photo is at most ~400 px. */
export const CAR_CARD_IMAGE_SIZES =
  '(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw';

type CarCardProps = {
  car: CarCardData;
  /** The first cards of a page load their photo at once; the rest wait until they scroll into view. */
  imageLoading?: ImageLoading;
  headingLevel?: 2 | 3;
  /** How far the car stands from the place searched around; none outside such a search. */
  distanceKm?: number | null;
  /** Its deal rating, shown beside its price while it is for sale; a search's cars carry it (ADR 57). */
  dealRating?: DealRating;
  /** The seller's rating, beside their name (the page reads the ratings of its cards' sellers at once). */
  sellerRating?: ReactNode;
};

/** "Manual · RWD · Coupe": what of the transmission, drivetrain and body style the car says, or nothing. */
function driveLine(car: CarCardData): string {
  return [car.transmission, car.drivetrain, car.bodyStyle].filter((part) => part !== null).join(' · ');
}

export function CarCard({
  car,
  imageLoading = 'lazy',
  headingLevel = 3,
  distanceKm,
  dealRating,
  sellerRating,
}: CarCardProps) {
  const units = useUnitSystem();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const cover = car.photos[0];
  const saving = priceSaving(car);
  const dropped = usePriceDropShown(car.priceDroppedAt);
  const drive = driveLine(car);
  return (
    <article
      data-testid="car-card"
      className="group relative flex h-full flex-col overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm transition duration-300 hover:-translate-y-1 hover:shadow-xl has-[[data-car-link]:focus-visible]:outline-2 has-[[data-car-link]:focus-visible]:outline-offset-2 has-[[data-car-link]:focus-visible]:outline-primary"
    >
      <figure className="relative aspect-[3/2] overflow-hidden bg-base-200">
        <img
          src={cover?.src ?? car.photo}
          srcSet={cover?.srcSet}
          sizes={CAR_CARD_IMAGE_SIZES}
          width={cover?.width ?? 1600}
          height={cover?.height ?? 1200}
          alt={carName(car)}
          {...imageLoadingProps(imageLoading)}
          decoding="async"
          className="h-full w-full object-cover transition duration-700 group-hover:scale-[1.04]"
        />
        <div className="pointer-events-none absolute inset-x-0 top-0 flex items-start justify-between p-3">
          <span className="rounded-full bg-neutral/80 px-2.5 py-1 text-xs font-semibold text-neutral-content backdrop-blur">
            {car.year}
          </span>
          {car.soldAt ? (
            <span className="badge badge-neutral font-semibold">Sold</span>
          ) : car.reservedAt ? (
            <ReservedBadge />
          ) : dropped ? (
            <PriceDropBadge className="shadow" />
          ) : null}
        </div>
        {/* Above the card's link, which covers the card (its ::after). */}
        <CompareToggle
          car={{ id: car.id, name: carName(car), photo: car.photo }}
          className="btn-sm absolute right-3 bottom-3 z-10 shadow"
        />
      </figure>

      <div className="flex flex-1 flex-col gap-4 p-5">
        <div>
          <Heading className="text-lg font-bold leading-snug tracking-tight">
            <Link
              to={paths.car(car.id)}
              data-car-link
              className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
            >
              {carTitle(car)}
            </Link>
          </Heading>
          <ul className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-sm text-base-content/75">
            <li className="inline-flex items-center gap-1.5">
              <OdometerIcon />
              <span className="sr-only">Mileage: </span>
              {formatDistance(car.kmDriven, units)}
            </li>
            <li className="inline-flex items-center gap-1.5">
              <FuelIcon />
              <span className="sr-only">Fuel: </span>
              {car.fuel}
            </li>
            {drive ? (
              <li>
                <span className="sr-only">Drive and body: </span>
                {drive}
              </li>
            ) : null}
          </ul>
          {car.location || typeof distanceKm === 'number' ? (
            <p className="mt-1 flex items-center gap-1.5 text-xs text-base-content/70">
              <PinIcon />
              {car.location ? (
                <>
                  <span className="sr-only">Location: </span>
                  {placeName(car.location)}
                </>
              ) : null}
              {car.location && typeof distanceKm === 'number' ? <span aria-hidden="true">·</span> : null}
              {typeof distanceKm === 'number' ? <CarDistance km={distanceKm} /> : null}
            </p>
          ) : null}
        </div>

        <div className="flex flex-wrap items-end gap-x-3 gap-y-1">
          <p>
            <span className="sr-only">Asking price: </span>
            <span className="text-2xl font-extrabold tracking-tight text-base-content">
              {formatMoney(car.askingPrice)}
            </span>
          </p>
          <p className="pb-0.5 text-sm text-base-content/70">
            <span className="sr-only">Original price: </span>
            {saving ? <s>{formatMoney(car.originalPrice)}</s> : formatMoney(car.originalPrice)}
          </p>
          {saving ? (
            <p className="pb-0.5 text-xs font-semibold text-success">Save {formatMoney(saving.amount)}</p>
          ) : null}
          {dealRating && !car.soldAt ? (
            <p className="pb-1">
              <DealRatingBadge rating={dealRating} compact />
            </p>
          ) : null}
        </div>

        <p className="text-sm leading-relaxed text-base-content/75">{aboutPreview(car.about)}</p>

        <div className="mt-auto flex items-end justify-between gap-3 border-t border-base-300 pt-4">
          <div className="min-w-0">
            <p className="text-xs text-base-content/70">Posted by</p>
            <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              {/* Above the card's link, which covers the card (its ::after). */}
              <Link
                to={paths.seller(car.sellerId)}
                className="link link-hover relative z-10 truncate font-semibold focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
              >
                {car.seller}
              </Link>
              {car.sellerVerified ? <VerifiedBadge subject="seller" /> : null}
              {sellerRating}
            </p>
          </div>
          <span
            aria-hidden="true"
            className="shrink-0 pb-0.5 text-sm font-semibold text-primary transition group-hover:translate-x-0.5"
          >
            Details →
          </span>
        </div>
      </div>
    </article>
  );
}

function CarDistance({ km }: { km: number }) {
  const system = useUnitSystem();
  return <span className="font-medium text-base-content/80">{distanceAway(km, system)}</span>;
}

export function CarCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-box border border-base-300 bg-base-100">
      <div className="skeleton aspect-[3/2] w-full rounded-none" />
      <div className="flex flex-col gap-4 p-5">
        <div className="skeleton h-6 w-2/3" />
        <div className="skeleton h-4 w-1/2" />
        <div className="skeleton h-8 w-1/3" />
        <div className="flex flex-col gap-2">
          <div className="skeleton h-3 w-full" />
          <div className="skeleton h-3 w-5/6" />
        </div>
        <div className="skeleton h-4 w-2/5" />
      </div>
    </div>
  );
}
