/**
 * Side-by-side comparison (issue 48): how many cars at most, and the list of ids its address carries
 * (`/compare?ids=a,b`). Without zod, so that the pages that only read the list load none (ADR 2).
 */

/** How many cars a comparison shows side by side at most. */
export const COMPARE_MAX = 4;

/** The ids of a comparison's `ids` ("a,b,c"): trimmed, without empty ones or repeats, in their order. */
export function comparedIdsOf(ids: string): string[] {
  return [
    ...new Set(
      ids
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    ),
  ];
}

/** Whether `id` may be a car's id in a comparison's address: letters, digits, `_` and `-`, at most 64. */
export const isComparableId = (id: string) => /^[\w-]{1,64}$/.test(id);
