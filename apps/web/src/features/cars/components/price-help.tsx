/**
 * The seller's pricing help in the post and edit forms: the market value of the car as described so
 * far (asked once the year, brand, model and mileage are filled, a moment after typing stops), and
 * the deal rating the price typed would get, worked out as it is typed.
 */
import {
  CAR_KM_MAX,
  type CarEstimateInput,
  PREVIOUS_OWNERS_MAX,
  type UnitSystem,
  wholeKmFrom,
} from '@redline/shared';
import { useId } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { readNumber } from '../../../lib/number-text.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useCarEstimate } from '../api/estimate-car.ts';
import { EstimateSummary, PriceVerdict } from './price-verdict.tsx';

/** The form's fields the market value model reads, as typed. */
export type DescribedCarText = {
  year: string;
  brand: string;
  model: string;
  trim: string;
  kmDriven: string;
  previousOwners: string;
  titleStatus: string;
  transmission: string;
  drivetrain: string;
  postalCode: string;
};

const wholeIn = (text: string, min: number, max: number) => {
  const value = readNumber(text);
  return value !== undefined && Number.isInteger(value) && value >= min && value <= max ? value : undefined;
};

/**
 * The car as the estimate takes it, from what is typed; null until the year, brand, model and a
 * readable mileage are. An optional field not readable yet is left out, not sent to be refused.
 */
export function describedCar(text: DescribedCarText, units: UnitSystem): CarEstimateInput | null {
  const year = wholeIn(text.year, 0, 9999);
  const km = wholeIn(text.kmDriven, 0, CAR_KM_MAX);
  const [brand, model] = [text.brand.trim(), text.model.trim()];
  if (year === undefined || km === undefined || brand === '' || model === '') return null;
  // The choices come from the form's lists of the shared values.
  const choice = <K extends 'titleStatus' | 'transmission' | 'drivetrain'>(value: string) =>
    (value === '' ? null : value) as CarEstimateInput[K];
  return {
    brand,
    model,
    year,
    kmDriven: wholeKmFrom(km, units),
    trim: text.trim.trim() || null,
    previousOwners: wholeIn(text.previousOwners, 0, PREVIOUS_OWNERS_MAX) ?? null,
    titleStatus: choice<'titleStatus'>(text.titleStatus),
    transmission: choice<'transmission'>(text.transmission),
    drivetrain: choice<'drivetrain'>(text.drivetrain),
    postalCode: /^\d{5}$/.test(text.postalCode.trim()) ? text.postalCode.trim() : null,
  };
}

type PriceHelpProps = {
  /** The car as described so far (`describedCar`). */
  described: CarEstimateInput | null;
  /** The asking price typed, integer cents; undefined while none is readable. */
  price: number | undefined;
  className?: string;
};

export function PriceHelp({ described, price, className = '' }: PriceHelpProps) {
  const titleId = useId();
  // Asked a moment after the description stops changing: one request per pause, not per keystroke.
  const asked = useDebounced(described ? JSON.stringify(described) : '');
  const estimate = useCarEstimate(asked ? (JSON.parse(asked) as CarEstimateInput) : null);
  const value = estimate.data;
  return (
    <section
      aria-labelledby={titleId}
      className={`rounded-box border border-base-300 bg-base-200/60 px-4 py-3 ${className}`}
    >
      <h3 id={titleId} className="mb-1 text-sm font-semibold">
        What cars like it sell for
      </h3>
      <div aria-live="polite" className="flex flex-col gap-2">
        {described === null ? (
          <p className="text-sm text-base-content/80">
            Fill in the year, brand, model and mileage to see the market value of cars like it.
          </p>
        ) : value ? (
          <>
            <EstimateSummary value={value} />
            {value.estimate !== null &&
              (price === undefined ? (
                <p className="text-sm text-base-content/80">Type an asking price to see its deal rating.</p>
              ) : (
                <PriceVerdict value={value} price={price} />
              ))}
          </>
        ) : estimate.isError ? (
          <p className="text-sm text-base-content/80">The market value could not be estimated just now.</p>
        ) : (
          <Spinner size="sm" label="Estimating the market value" />
        )}
      </div>
    </section>
  );
}
