import type { CarDetail } from '@redline/shared';
import { lazy, useMemo } from 'react';
import { HydrateNearScreen } from '../../../components/ui/hydrate-near-screen.tsx';

// The fields, their rules (zod with them) and the schedule come in a chunk of their own, apart from
// the page's first JavaScript: the server renders them whole, and the browser fetches the chunk and
// takes them over when the calculator comes near the screen (ADRs 53 and 61).
const LoanCalculator = lazy(() =>
  import('./loan-calculator.tsx').then((m) => ({ default: m.LoanCalculator })),
);

/** A car's monthly payment calculator, for a car for sale: the figures in the page's address. */
export function PaymentCalculator({ car }: { car: CarDetail }) {
  const region = car.location?.region;
  // The same element while the price and region are: a new one would make React give up the server's
  // HTML for the fallback before the calculator came near the screen.
  const calculator = useMemo(
    () => <LoanCalculator askingPrice={car.askingPrice} region={region} />,
    [car.askingPrice, region],
  );
  if (car.soldAt) return null;
  return (
    <section
      aria-labelledby="payment-calculator-title"
      className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6"
    >
      <h2 id="payment-calculator-title" className="text-xl font-bold tracking-tight">
        Monthly payment
      </h2>
      <p className="mt-1 text-sm text-base-content/70">
        What a loan for this car would cost each month. This page’s address keeps your figures: share it to
        share them.
      </p>
      <HydrateNearScreen fallback={<div className="skeleton mt-4 h-96 w-full" aria-hidden="true" />}>
        {calculator}
      </HydrateNearScreen>
    </section>
  );
}
