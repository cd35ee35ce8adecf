/** The ticks the hand-written charts share (ADR 58). */
import { describe, expect, it } from 'vitest';
import { countTicks, niceTicks } from './chart.tsx';

describe('niceTicks', () => {
  it('covers the values with round steps of 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceTicks(0, 18_641)).toEqual([0, 5_000, 10_000, 15_000, 20_000]);
    expect(niceTicks(16_500_000, 22_200_000)).toEqual([
      16_000_000, 18_000_000, 20_000_000, 22_000_000, 24_000_000,
    ]);
    expect(niceTicks(0, 9_000)).toEqual([0, 2_500, 5_000, 7_500, 10_000]);
    expect(niceTicks(5, 5)).toEqual([4, 6]);
  });
});

describe('countTicks', () => {
  it('counts from 0 in whole numbers, up to at least 4 when nothing was counted', () => {
    expect(countTicks(0)).toEqual([0, 1, 2, 3, 4]);
    expect(countTicks(9)).toEqual([0, 5, 10]);
    expect(countTicks(37)).toEqual([0, 10, 20, 30, 40]);
  });
});
