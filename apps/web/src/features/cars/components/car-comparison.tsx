/**
 * Cars side by side (issue 48): a column for each car, its photo and name at the top, and a row for
 * each thing a buyer weighs, marked where the cars differ, with "Only differences" to hide the rest.
 * On a phone the label column stays while the cars scroll under it, one car a screen, snapping to each.
 */
import {
  type ComparedCar,
  carName,
  carTitle,
  DEAL_RATING_LABELS,
  formatDistance,
  formatMoney,
  formatSpeed,
  type MarketValue,
  placeName,
  type UnitSystem,
} from '@redline/shared';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { forgetCompared } from '../../../lib/compare-list.ts';
import { useUnitSystem } from '../../../lib/units.ts';
import { distanceAway } from '../utils/car-text.ts';
import { colourName, colourText, DRIVETRAIN_NAMES, titleText } from './car-specifications.tsx';

/**
 * A row: its label, the value each car has (null: the car does not say), by which the cars are
 * compared, and, when it shows more than its text (a colour's swatch, a title's warning), how it shows.
 */
interface ComparisonRow {
  label: string;
  value: (car: ComparedCar, units: UnitSystem) => string | number | null;
  show?: (car: ComparedCar) => ReactNode;
}

/**
 * A market value as the comparison writes it: "$84,000 ($79,000–$90,000)", or why there is none
 * (too few comparables); null before the car's first fit.
 */
function marketValueText(value: MarketValue | null): string | null {
  if (!value) return null;
  if (value.estimate === null) return DEAL_RATING_LABELS.none;
  const range =
    value.low !== null && value.high !== null
      ? ` (${formatMoney(value.low)}–${formatMoney(value.high)})`
      : '';
  return `${formatMoney(value.estimate)}${range}`;
}

/** The rows, in order. A row that no car has a value for is left out (the distance without a place). */
const ROWS: readonly ComparisonRow[] = [
  { label: 'Asking price', value: (car) => formatMoney(car.askingPrice) },
  { label: 'Market value', value: (car) => marketValueText(car.marketValue) },
  {
    label: 'Deal rating',
    // As a search rates it: the asking price now against the estimate (ADR 57).
    value: (car) => (car.marketValue ? DEAL_RATING_LABELS[car.dealRating] : null),
  },
  { label: 'Mileage', value: (car, units) => formatDistance(car.kmDriven, units) },
  { label: 'Year', value: (car) => car.year },
  { label: 'Place', value: (car) => car.location && placeName(car.location) },
  {
    label: 'Distance',
    value: (car, units) => (car.distanceKm === null ? null : distanceAway(car.distanceKm, units)),
  },
  { label: 'Make', value: (car) => car.brand },
  { label: 'Model', value: (car) => car.model },
  { label: 'Trim', value: (car) => car.trim },
  { label: 'Body style', value: (car) => car.bodyStyle },
  { label: 'Transmission', value: (car) => car.transmission },
  {
    label: 'Drivetrain',
    value: (car) => car.drivetrain && `${DRIVETRAIN_NAMES[car.drivetrain]} (${car.drivetrain})`,
  },
  { label: 'Engine', value: (car) => car.engine },
  { label: 'Fuel', value: (car) => car.fuel },
  { label: 'Top speed', value: (car, units) => formatSpeed(car.topSpeed, units) },
  {
    label: 'Exterior colour',
    value: (car) => colourName(car.exteriorColour, car.exteriorColourName),
    show: (car) => colourText(car.exteriorColour, car.exteriorColourName),
  },
  {
    label: 'Interior colour',
    value: (car) => colourName(car.interiorColour, car.interiorColourName),
    show: (car) => colourText(car.interiorColour, car.interiorColourName),
  },
  { label: 'Doors', value: (car) => car.doors },
  { label: 'Seats', value: (car) => car.seats },
  { label: 'Previous owners', value: (car) => car.previousOwners },
  { label: 'Title', value: (car) => car.titleStatus, show: (car) => titleText(car.titleStatus) },
  { label: 'Photos', value: (car) => car.photos.length },
];

/** The rows the cars have a value for, with those values and whether they differ. */
function comparedRows(cars: readonly ComparedCar[], units: UnitSystem) {
  return ROWS.flatMap((row) => {
    const values = cars.map((car) => row.value(car, units));
    if (values.every((value) => value === null || value === '')) return [];
    return [{ row, values, differs: new Set(values).size > 1 }];
  });
}

export function CarComparison({ cars, near }: { cars: readonly ComparedCar[]; near: string | undefined }) {
  const units = useUnitSystem();
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const toggleId = useId();
  const rows = comparedRows(cars, units);
  const shown = onlyDifferences ? rows.filter(({ differs }) => differs) : rows;
  const ids = cars.map((car) => car.id);
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm text-base-content/75">
          <span aria-hidden="true" className="inline-block h-4 w-1 rounded-full bg-primary" />
          Rows where the cars differ are marked.
        </p>
        <label htmlFor={toggleId} className="flex cursor-pointer items-center gap-2 text-sm font-medium">
          <input
            id={toggleId}
            type="checkbox"
            className="toggle toggle-primary toggle-sm"
            checked={onlyDifferences}
            disabled={cars.length < 2}
            onChange={(event) => setOnlyDifferences(event.target.checked)}
          />
          Only differences
        </label>
      </div>
      {cars.length > 1 ? (
        <p className="mb-2 text-xs text-base-content/70 sm:hidden">
          Swipe sideways to see all {cars.length} cars.
        </p>
      ) : null}
      <div className="-mx-4 snap-x snap-mandatory scroll-pl-32 overflow-x-auto sm:mx-0 sm:scroll-pl-44 sm:rounded-box sm:border sm:border-base-300">
        <table className="w-full border-separate border-spacing-0 text-sm lg:table-fixed">
          <caption className="sr-only">{cars.map((car) => carName(car)).join(', ')} side by side</caption>
          <thead>
            <tr>
              <td className="sticky left-0 z-10 w-32 min-w-32 border-b border-base-300 bg-base-100 sm:w-44 sm:min-w-44" />
              {cars.map((car) => (
                <th
                  key={car.id}
                  scope="col"
                  className="w-[calc(100vw-8rem)] min-w-[calc(100vw-8rem)] snap-start border-b border-l border-base-300 p-3 text-left align-top font-normal sm:w-64 sm:min-w-64 lg:w-auto lg:min-w-0"
                >
                  <ComparedCarHeading
                    car={car}
                    removeHref={paths.compare(
                      ids.filter((id) => id !== car.id),
                      near,
                    )}
                  />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map(({ row, values, differs }) => (
              <tr
                key={row.label}
                data-differs={differs || undefined}
                className={differs ? 'bg-primary/5' : undefined}
              >
                <th
                  scope="row"
                  className={`sticky left-0 z-10 border-b border-base-300 bg-base-100 py-2.5 pr-2 pl-4 text-left align-top font-medium text-base-content/75 sm:pl-3 ${
                    differs ? 'shadow-[inset_4px_0_0_var(--color-primary)]' : ''
                  }`}
                >
                  <span className={differs ? 'text-base-content' : undefined}>{row.label}</span>
                  {differs ? <span className="sr-only"> (differs)</span> : null}
                </th>
                {cars.map((car, index) => (
                  <td key={car.id} className="border-b border-l border-base-300 px-3 py-2.5 align-top">
                    {values[index] === null || values[index] === '' ? (
                      <span className="text-base-content/75">Not given</span>
                    ) : (
                      <span className={differs ? 'font-semibold' : 'font-medium'}>
                        {row.show ? row.show(car) : values[index]}
                      </span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {onlyDifferences && shown.length === 0 ? (
        <p role="status" className="mt-4 text-sm text-base-content/75">
          These cars are alike in every row.
        </p>
      ) : null}
    </div>
  );
}

/** A car's column head: its cover photo, year and name (to its page), and a link to the comparison without it. */
function ComparedCarHeading({ car, removeHref }: { car: ComparedCar; removeHref: string }) {
  const cover = car.photos[0];
  return (
    <div className="flex flex-col gap-2">
      <div className="relative overflow-hidden rounded-lg bg-base-200">
        <img
          src={cover?.src ?? car.photo}
          srcSet={cover?.srcSet}
          sizes="(min-width: 1024px) 280px, (min-width: 640px) 256px, 80vw"
          width={cover?.width ?? 1600}
          height={cover?.height ?? 1200}
          alt={carName(car)}
          decoding="async"
          className="aspect-[3/2] w-full object-cover"
        />
        <Link
          to={removeHref}
          onClick={() => forgetCompared(car.id)}
          aria-label={`Remove ${carName(car)} from the comparison`}
          className="btn btn-circle btn-xs absolute top-2 right-2 border-0 bg-neutral/80 text-neutral-content backdrop-blur hover:bg-neutral"
        >
          <CloseIcon size={14} />
        </Link>
      </div>
      <div>
        <p className="text-xs font-semibold text-base-content/70">{car.year}</p>
        <Link to={paths.car(car.id)} className="link link-hover font-bold leading-snug">
          {carTitle(car)}
        </Link>
      </div>
    </div>
  );
}
