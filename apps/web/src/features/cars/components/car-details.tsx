/** The car page's blocks: name and prices, the seller, the specifications and the description. */
import type { Car, CarDetail } from '@redline/shared';
import { carTitle, formatDistance, formatMoney, formatSpeed, placeName } from '@redline/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EngineIcon, FuelIcon, OdometerIcon, PinIcon, SpeedIcon } from '../../../components/ui/icons.tsx';
import { InitialAvatar } from '../../../components/ui/initial-avatar.tsx';
import { LocalDate } from '../../../components/ui/local-date.tsx';
import { VerifiedBadge } from '../../../components/ui/verified-badge.tsx';
import { paths } from '../../../config/paths.ts';
import { useUnitSystem } from '../../../lib/units.ts';
import { priceSaving } from '../utils/car-text.ts';
import { priceBeforeDrop } from '../utils/price-drop.ts';
import { TitleWarning } from './car-specifications.tsx';
import { DealRatingBadge } from './deal-rating-badge.tsx';
import { PriceDropBadge, usePriceDropShown } from './price-drop-badge.tsx';
import { ReservedBadge } from './reserved-badge.tsx';

export function SoldBadge({ className = '' }: { className?: string }) {
  return <span className={`badge badge-neutral badge-lg font-semibold ${className}`}>Sold</span>;
}

/**
 * Eyebrow, heading, prices with the deal rating, a recent price drop with the price before it, and
 * the saving against the original price.
 */
export function CarSummary({ car }: { car: CarDetail }) {
  const saving = priceSaving(car);
  const dropped = usePriceDropShown(car.priceDroppedAt);
  const before = dropped ? priceBeforeDrop(car) : null;
  return (
    <div>
      <p className="flex flex-wrap items-center gap-2 text-sm font-semibold uppercase tracking-widest text-primary">
        <span>{car.categoryName}</span>
        <span aria-hidden="true" className="text-base-content/40">
          ·
        </span>
        <span className="text-base-content/70">{car.year}</span>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold leading-tight tracking-tight sm:text-4xl">
        {carTitle(car)}
      </h1>
      {car.soldAt ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-base-content/75">
          <SoldBadge />
          Sold on <LocalDate value={car.soldAt} />
        </p>
      ) : car.reservedAt ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-base-content/75">
          <ReservedBadge />
          An accepted offer holds it for its buyer; others may still save it.
        </p>
      ) : null}
      <div className="mt-3 empty:hidden">
        <TitleWarning car={car} />
      </div>
      <CarPlace car={car} />

      <dl className="mt-6 flex flex-wrap items-end gap-x-6 gap-y-3">
        <div>
          <dt className="text-xs font-medium uppercase tracking-wider text-base-content/70">Asking price</dt>
          <dd className="flex flex-wrap items-center gap-3">
            <span className="text-4xl font-extrabold tracking-tight">{formatMoney(car.askingPrice)}</span>
            {car.marketValue ? (
              <DealRatingBadge rating={car.marketValue.rating} value={car.marketValue} />
            ) : null}
          </dd>
        </div>
        <div className="pb-1">
          <dt className="text-xs font-medium uppercase tracking-wider text-base-content/70">
            Original price
          </dt>
          <dd className="text-lg text-base-content/70">
            {saving ? <s>{formatMoney(car.originalPrice)}</s> : formatMoney(car.originalPrice)}
          </dd>
        </div>
      </dl>
      {dropped || saving ? (
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
          {dropped ? (
            <p className="flex items-center gap-2">
              <PriceDropBadge />
              {before ? (
                <span className="text-sm text-base-content/70">
                  <span className="sr-only">Previous asking price: </span>
                  <s>{formatMoney(before)}</s>
                </span>
              ) : null}
            </p>
          ) : null}
          {saving ? (
            <p className="inline-flex items-center gap-2 rounded-full bg-success/10 px-3 py-1 text-sm font-semibold text-success">
              You save {formatMoney(saving.amount)}
              {saving.percent > 0 ? ` (${saving.percent}%)` : ''}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** Where the car is, "Beverly Hills, CA 90210", and how far its seller delivers it; nothing for a car without a place. */
export function CarPlace({ car }: { car: Pick<Car, 'location' | 'deliveryRadiusKm'> }) {
  const system = useUnitSystem();
  if (!car.location) return null;
  return (
    <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-base-content/75">
      <span className="inline-flex items-center gap-1.5">
        <PinIcon />
        <span className="sr-only">Location: </span>
        {placeName(car.location)} {car.location.postalCode}
      </span>
      {car.deliveryRadiusKm === null ? null : (
        <span className="badge badge-soft badge-info">
          Delivers within {formatDistance(car.deliveryRadiusKm, system)}
        </span>
      )}
    </p>
  );
}

/** "Posted by" the seller (a link to their page), with the verified badge, and when the car was added. */
export function CarSeller({ car }: { car: Car }) {
  return (
    <div className="flex items-center gap-3">
      <InitialAvatar name={car.seller} />
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="text-sm text-base-content/70">Posted by</span>
          <Link to={paths.seller(car.sellerId)} className="link link-hover font-semibold">
            {car.seller}
          </Link>
          {car.sellerVerified ? <VerifiedBadge subject="seller" /> : null}
        </p>
        <p className="text-sm text-base-content/70">
          Added <LocalDate value={car.addedDate} style="long" />
        </p>
      </div>
    </div>
  );
}

function Spec({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-3 sm:p-4">
      <dt className="flex items-center gap-2 text-xs font-medium uppercase tracking-wider text-base-content/70">
        <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-2 font-semibold">{children}</dd>
    </div>
  );
}

/** Engine, fuel, top speed and mileage (the year heads the page, the added date sits by the seller). */
export function CarSpecs({ car }: { car: Car }) {
  const units = useUnitSystem();
  return (
    <dl className="grid grid-cols-2 gap-3">
      <Spec icon={<EngineIcon size={16} />} label="Engine">
        {car.engine}
      </Spec>
      <Spec icon={<FuelIcon size={16} />} label="Fuel">
        {car.fuel}
      </Spec>
      <Spec icon={<SpeedIcon size={16} />} label="Top speed">
        {formatSpeed(car.topSpeed, units)}
      </Spec>
      <Spec icon={<OdometerIcon size={16} />} label="Mileage">
        {formatDistance(car.kmDriven, units)}
      </Spec>
    </dl>
  );
}

export function CarAbout({ car }: { car: Car }) {
  return (
    <section aria-labelledby="car-about-title">
      <h2 id="car-about-title" className="text-xl font-bold tracking-tight">
        About this car
      </h2>
      <p className="mt-3 whitespace-pre-line leading-relaxed text-base-content/85">{car.about}</p>
    </section>
  );
}

export function CarDetailsSkeleton() {
  return (
    <div role="status" aria-label="Loading the car" className="grid gap-8 lg:grid-cols-12 lg:gap-12">
      <div className="lg:col-span-7">
        <div className="skeleton aspect-[3/2] w-full" />
        <div className="mt-3 flex gap-2">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="skeleton h-16 w-20 sm:w-24" />
          ))}
        </div>
      </div>
      <div className="flex flex-col gap-4 lg:col-span-5">
        <div className="skeleton h-4 w-32" />
        <div className="skeleton h-10 w-3/4" />
        <div className="skeleton h-12 w-1/2" />
        <div className="skeleton h-24 w-full" />
        <div className="grid grid-cols-2 gap-3">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="skeleton h-20" />
          ))}
        </div>
      </div>
      <span className="sr-only">Loading the car…</span>
    </div>
  );
}
