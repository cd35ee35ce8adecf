import { PRICE_DROP_BADGE_DAYS } from '@redline/shared';
import { describe, expect, it } from 'vitest';
import { priceBeforeDrop, showsPriceDrop } from './price-drop.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const now = Date.parse('2026-11-26T12:00:00.000Z');
const daysAgo = (days: number) => new Date(now - days * DAY_MS).toISOString();

describe('showsPriceDrop', () => {
  it(`shows for ${PRICE_DROP_BADGE_DAYS} days after the drop, and not after`, () => {
    expect(showsPriceDrop(daysAgo(0), now)).toBe(true);
    expect(showsPriceDrop(daysAgo(13), now)).toBe(true);
    expect(showsPriceDrop(daysAgo(14), now)).toBe(false);
    expect(showsPriceDrop(daysAgo(15), now)).toBe(false);
  });

  it('does not show for a car whose price never went down, or went up again since', () => {
    expect(showsPriceDrop(null, now)).toBe(false);
  });
});

describe('priceBeforeDrop', () => {
  const at = (askingPrice: number, days: number) => ({ askingPrice, changedAt: daysAgo(days) });

  it('is the price before the last change when that change lowered it', () => {
    const history = [at(5_000_000, 30), at(4_800_000, 10), at(4_500_000, 2)];
    expect(priceBeforeDrop({ askingPrice: 4_500_000, priceHistory: history })).toBe(4_800_000);
  });

  it('is null for a price that never changed or last went up', () => {
    expect(priceBeforeDrop({ askingPrice: 5_000_000, priceHistory: [at(5_000_000, 30)] })).toBeNull();
    const raised = [at(5_000_000, 30), at(4_500_000, 10), at(4_700_000, 2)];
    expect(priceBeforeDrop({ askingPrice: 4_700_000, priceHistory: raised })).toBeNull();
  });
});
