/**
 * A cell's specification counts by blocks of its orders (car-specs.ts, ADR 44's revision): the counts
 * of any stretch of an order, from the blocks' sums and a walk of the ends, are those of its cars one
 * by one, whatever the stretch's ends and the order's length.
 */
import { SEARCH_SPEC_FACETS } from '@redline/shared';
import { describe, expect, it } from 'vitest';
import {
  addSpecCounts,
  SPEC_COUNTS,
  SPECS,
  specCountsOf,
  specOrderOf,
} from '../src/modules/search/car-specs.ts';

/** The counts of the cars `seqs` one by one: per facet, one for none then one per value. */
function oneByOne(bytes: Uint8Array, seqs: Int32Array): number[] {
  const counts = new Array<number>(SPEC_COUNTS).fill(0);
  for (const seq of seqs) {
    let at = 0;
    Object.values(SEARCH_SPEC_FACETS).forEach((values, f) => {
      counts[at + bytes[seq * SPECS + f]!]! += 1;
      at += values.length + 1;
    });
  }
  return counts;
}

/** A seeded pseudo-random integer below `n`, so that a failure repeats. */
function randomBelow(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % n;
  };
}

describe('addSpecCounts', () => {
  it("counts any stretch of a cell's order as its cars one by one", () => {
    const random = randomBelow(46);
    const cars = 1_000;
    // Each car's bytes: a facet's value (0: none, up to 4 of every facet's values) and its limits' numbers.
    const facets = Object.keys(SEARCH_SPEC_FACETS).length;
    const bytes = new Uint8Array(cars * SPECS).map((_, at) => (at % SPECS < facets ? random(5) : random(9)));
    for (const length of [0, 1, 63, 64, 65, 200, 640, cars]) {
      const seqs = Int32Array.from({ length }, () => random(cars));
      const order = specOrderOf(bytes, seqs);
      expect([...specCountsOf(order)], `every car of ${length}`).toEqual(oneByOne(bytes, seqs));
      const stretches = [
        [0, length],
        [0, 0],
        [length, length],
        ...Array.from({ length: 40 }, () => {
          const from = random(length + 1);
          return [from, from + random(length - from + 1)];
        }),
      ];
      for (const [from, to] of stretches) {
        const counts = new Int32Array(SPEC_COUNTS);
        addSpecCounts(counts, order, from!, to!);
        expect([...counts], `${from}–${to} of ${length}`).toEqual(oneByOne(bytes, seqs.subarray(from, to)));
      }
    }
  });
});
