import { COMPARE_MAX, comparedIdsOf, isComparableId, parseNear } from '@redline/shared';

/**
 * What a comparison's address asks for (`/compare?ids=a,b&near=90210`): its cars' ids and the place
 * to measure from (left out when it is not one); `none` without ids; `invalid` with more than
 * COMPARE_MAX or an id no car could have, which the page refuses without asking the server.
 */
export type ComparisonAddress =
  | { kind: 'cars'; ids: string[]; near: string | undefined }
  | { kind: 'none' }
  | { kind: 'invalid' };

export function comparisonOf(search: URLSearchParams): ComparisonAddress {
  const ids = comparedIdsOf(search.get('ids') ?? '');
  if (ids.length === 0) return { kind: 'none' };
  if (ids.length > COMPARE_MAX || !ids.every(isComparableId)) return { kind: 'invalid' };
  const near = search.get('near')?.trim();
  return { kind: 'cars', ids, near: near && parseNear(near) ? near : undefined };
}
