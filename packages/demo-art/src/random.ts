/**
 * Deterministic pseudo-random numbers (mulberry32): what is drawn from a seed is the same on every
 * run, for the demo's art and its listings' days, the benchmarks' datasets and the tests' generated cars.
 */

/** Unsigned 32-bit integers from `seed`. */
export function seededUint32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** Numbers in [0, 1) from `seed`. */
export function seeded(seed: number): () => number {
  const next = seededUint32(seed);
  return () => next() / 4_294_967_296;
}
