/**
 * What a car's market value stands on (docs/market-value.md): the estimate and its range, how many
 * comparable cars and which (its model or its make, its region or the whole country), the chart of
 * their prices against mileage, those for sale as links with their own ratings, and the sold ones
 * summarised. Rendered by the server with the page (app/page-data.ts loads the comparables).
 */
import {
  type CarComparables,
  type CarDetail,
  carName,
  DEAL_RATING_LABELS,
  type DealRating,
  formatDistance,
  formatMoney,
  type MarketValue,
  MIN_COMPARABLES,
  noEstimateReason,
  placeName,
} from '@redline/shared';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useUnitSystem } from '../../../lib/units.ts';
import { useCarComparables } from '../api/get-car-comparables.ts';
import { ComparablesChart } from './comparables-chart.tsx';
import { DealRatingBadge, ratingBadgeClass } from './deal-rating-badge.tsx';

/** The comparables for sale listed at first; the rest open below them. */
const LISTED_AT_FIRST = 5;

/** The cars a value was fitted from, in plain words: "other BMW M3 cars across the country". */
function scopeWords(car: CarDetail, value: MarketValue): string {
  const cars =
    value.family === 'model' ? `${car.brand} ${car.model} cars` : `${car.brand} cars (too few of its model)`;
  const area = value.area === 'region' ? "in this car's region of the country" : 'across the country';
  return `other ${cars} ${area}`;
}

/** How far the asking price lies from the estimate: "8% below the estimate". */
function gapWords(price: number, estimate: number): string {
  const percent = Math.round(((price - estimate) / estimate) * 100);
  if (percent === 0) return 'at the estimate';
  return `${Math.abs(percent)}% ${percent < 0 ? 'below' : 'above'} the estimate`;
}

/** Nothing for a car without a value (sold, or posted since the last refit). */
export function CarMarketValue({ car }: { car: CarDetail }) {
  return car.marketValue ? <MarketValueSection car={car} value={car.marketValue} /> : null;
}

function MarketValueSection({ car, value }: { car: CarDetail; value: MarketValue }) {
  const comparables = useCarComparables(car.id);
  return (
    <section
      id="market-value"
      aria-labelledby="market-value-title"
      className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id="market-value-title" className="text-xl font-bold tracking-tight">
          Market value
        </h2>
        <DealRatingBadge rating={value.rating} value={value} />
      </div>
      {value.estimate === null ? (
        <NotEnoughData car={car} value={value} />
      ) : (
        <Estimate car={car} value={value} />
      )}
      {comparables.data ? (
        <Comparables car={car} comparables={comparables.data} />
      ) : comparables.isError ? (
        <p className="mt-4 text-sm text-base-content/75">The comparable cars could not be loaded.</p>
      ) : null}
    </section>
  );
}

function Estimate({ car, value }: { car: CarDetail; value: MarketValue }) {
  const estimate = value.estimate!;
  return (
    <>
      <dl className="mt-4 flex flex-wrap gap-x-10 gap-y-3">
        <div>
          <dt className="text-xs font-medium uppercase tracking-wider text-base-content/70">Estimate</dt>
          <dd className="text-2xl font-extrabold tracking-tight">{formatMoney(estimate)}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wider text-base-content/70">
            Most sell between
          </dt>
          <dd className="text-lg font-semibold whitespace-nowrap">
            {formatMoney(value.low!)} – {formatMoney(value.high!)}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wider text-base-content/70">This car</dt>
          <dd className="text-lg font-semibold">
            {formatMoney(car.askingPrice)}{' '}
            <span className="text-sm font-normal text-base-content/75">
              {gapWords(car.askingPrice, estimate)}
            </span>
          </dd>
        </div>
      </dl>
      <p className="mt-4 text-sm text-base-content/75">
        Estimated from {value.comparables} {scopeWords(car, value)}, for sale and sold on Redline, allowing
        for year, mileage, title, owners, gearbox, drive and region. Sold prices count twice.
      </p>
    </>
  );
}

/** Why a car has no estimate, and what would give it one. */
function NotEnoughData({ car, value }: { car: CarDetail; value: MarketValue }) {
  const others = `${value.comparables} other ${car.brand} ${value.comparables === 1 ? 'car' : 'cars'}`;
  return (
    <p className="mt-4 text-sm text-base-content/80">
      <span className="font-semibold text-base-content">Not enough data for an estimate.</span> Redline has{' '}
      {others} for sale or sold,{' '}
      {noEstimateReason(value) === 'few' ? (
        <>
          and an estimate needs at least {MIN_COMPARABLES} of the same make or model. This car gets one when
          more {car.brand} cars are posted or sold.
        </>
      ) : (
        <>
          but fewer than {MIN_COMPARABLES} {car.brand} {car.model} cars, and {car.brand}&apos;s models differ
          too much in price to value this one by them. It gets an estimate when more {car.brand} {car.model}{' '}
          cars are posted or sold.
        </>
      )}
    </p>
  );
}

function Comparables({ car, comparables }: { car: CarDetail; comparables: CarComparables }) {
  const { forSale, sold } = comparables;
  const listed = forSale.cars.slice(0, LISTED_AT_FIRST);
  const more = forSale.cars.slice(LISTED_AT_FIRST);
  const unlisted = forSale.count - forSale.cars.length;
  return (
    <>
      {forSale.cars.length + sold.points.length > 0 ? (
        <ComparablesChart comparables={comparables} carTitle={carName(car)} />
      ) : null}
      <div className="mt-6 grid gap-6 sm:grid-cols-[1fr_auto]">
        <div>
          <h3 className="font-semibold">
            For sale now <span className="font-normal text-base-content/70">({forSale.count})</span>
          </h3>
          {forSale.count === 0 ? (
            <p className="mt-2 text-sm text-base-content/75">None of them is for sale now.</p>
          ) : (
            <>
              <ComparableList cars={listed} />
              {more.length > 0 ? (
                <details className="mt-1">
                  <summary className="cursor-pointer text-sm font-medium link link-hover w-fit">
                    Show {more.length} more
                  </summary>
                  <ComparableList cars={more} />
                </details>
              ) : null}
              {unlisted > 0 ? (
                <p className="mt-2 text-sm text-base-content/75">
                  And {unlisted} more, further from this car in year and mileage.
                </p>
              ) : null}
            </>
          )}
        </div>
        <div className="sm:min-w-44">
          <h3 className="font-semibold">
            Sold <span className="font-normal text-base-content/70">({sold.count})</span>
          </h3>
          <p className="mt-2 text-sm text-base-content/75">
            {sold.medianPrice === null ? (
              'None of them has sold on Redline yet.'
            ) : (
              <>
                Median price{' '}
                <span className="block text-lg font-semibold text-base-content">
                  {formatMoney(sold.medianPrice)}
                </span>
              </>
            )}
          </p>
        </div>
      </div>
    </>
  );
}

function ComparableList({ cars }: { cars: CarComparables['forSale']['cars'] }) {
  const system = useUnitSystem();
  return (
    <ul className="mt-2 divide-y divide-base-300">
      {cars.map((other) => (
        <li key={other.id}>
          <Link
            to={paths.car(other.id)}
            className="-mx-2 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-field px-2 py-2 hover:bg-base-200"
          >
            <span className="min-w-0 flex-1 basis-56">
              <span className="block font-medium">{carName(other)}</span>
              <span className="block text-sm text-base-content/75">
                {formatDistance(other.kmDriven, system)}
                {other.location ? ` · ${placeName(other.location)}` : ''}
              </span>
            </span>
            <span className="font-semibold tabular-nums">{formatMoney(other.askingPrice)}</span>
            {other.rating ? <RatingLabel rating={other.rating} /> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function RatingLabel({ rating }: { rating: DealRating }) {
  return (
    <span className={`badge badge-sm whitespace-nowrap ${ratingBadgeClass(rating)}`}>
      {DEAL_RATING_LABELS[rating]}
    </span>
  );
}
