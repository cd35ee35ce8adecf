/**
 * A car's market value on its seller's list, with a "what if": the rating a lower price would get
 * and its gap to the estimate, worked out from the stored estimate as the amount is typed.
 */
import { formatMoney, type ListedSellerCar } from '@redline/shared';
import { useId, useState } from 'react';
import { readCents } from '../../../lib/number-text.ts';
import { DealRatingBadge } from './deal-rating-badge.tsx';
import { PriceVerdict } from './price-verdict.tsx';

/** The lower price an amount typed makes of `price`, or undefined while it is not an amount under it. */
function loweredBy(text: string, price: number): number | undefined {
  const cut = readCents(text);
  return cut !== undefined && Number.isFinite(cut) && cut > 0 && cut < price ? price - cut : undefined;
}

export function PriceWhatIf({ car }: { car: ListedSellerCar }) {
  const id = useId();
  const [cut, setCut] = useState('');
  const value = car.marketValue;
  // Sold, or not valued yet (a car just posted, until the refit).
  if (!value) return <span className="text-sm text-base-content/70">Not valued yet</span>;
  return (
    <div className="flex flex-col items-end gap-1 md:items-start">
      <DealRatingBadge rating={value.rating} value={value} />
      {value.estimate === null ? null : (
        <>
          <span className="text-sm tabular-nums text-base-content/80">
            Market value {formatMoney(value.estimate)}
          </span>
          <details className="text-sm">
            <summary className="link link-hover w-fit">What if I lower the price?</summary>
            <div className="mt-2 flex flex-col gap-2">
              <div className="flex items-center gap-2">
                <label htmlFor={id} className="whitespace-nowrap">
                  Lower by
                </label>
                <span className="input input-sm w-28">
                  <span aria-hidden="true">$</span>
                  <input
                    id={id}
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder="5,000"
                    value={cut}
                    onChange={(event) => setCut(event.target.value)}
                  />
                </span>
              </div>
              <div aria-live="polite">
                <PriceVerdict value={value} price={loweredBy(cut, car.askingPrice)} />
              </div>
            </div>
          </details>
        </>
      )}
    </div>
  );
}
