/** When a car shows "Price dropped", and the price it dropped from. */
import { type CarDetail, PRICE_DROP_BADGE_DAYS } from '@redline/shared';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a car whose asking price last went down at `priceDroppedAt` shows "Price dropped" at `now`
 * (milliseconds; the page's time, lib/page-time.ts): for PRICE_DROP_BADGE_DAYS days after the drop.
 */
export function showsPriceDrop(priceDroppedAt: string | null, now: number): boolean {
  return priceDroppedAt !== null && now - Date.parse(priceDroppedAt) < PRICE_DROP_BADGE_DAYS * DAY_MS;
}

/** The asking price before the last change when that change was a drop (the history is oldest first). */
export function priceBeforeDrop(car: Pick<CarDetail, 'askingPrice' | 'priceHistory'>): number | null {
  const previous = car.priceHistory.at(-2)?.askingPrice;
  return previous !== undefined && previous > car.askingPrice ? previous : null;
}
