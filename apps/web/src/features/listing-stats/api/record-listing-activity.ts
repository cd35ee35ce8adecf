/**
 * What feeds a seller's figures: a page tells the server what it showed once it has rendered (a car's
 * page, a page of search results). A visitor never hears of it: a failed record is dropped, with no
 * toast, and the page goes on. The body is sent as typed, unparsed (no zod on the car page: ADR 2).
 */
import { LISTING_ACTIVITY_CARS_MAX, type ListingActivity } from '@redline/shared';
import { useCallback, useEffect, useRef } from 'react';
import { api } from '../../../lib/api-client.ts';

function recordListingActivity(activity: ListingActivity): void {
  api.post('/listing-activity', { body: activity }).catch(() => {});
}

/** Records a view of the car `carId` (undefined until its page shows it), once per car while mounted. */
export function useRecordView(carId: string | undefined): void {
  const recorded = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (carId === undefined || recorded.current === carId) return;
    recorded.current = carId;
    recordListingActivity({ viewed: carId });
  }, [carId]);
}

/**
 * A function that records the cars of a page of results shown (their ids), each page once while
 * mounted: a page shown again (a render, an earlier search come back) is not counted again. At most
 * LISTING_ACTIVITY_CARS_MAX cars a record.
 */
export function useRecordShown(): (carIds: readonly string[]) => void {
  const recorded = useRef(new Set<string>());
  return useCallback((carIds) => {
    const page = carIds.join(',');
    if (carIds.length === 0 || recorded.current.has(page)) return;
    recorded.current.add(page);
    for (let start = 0; start < carIds.length; start += LISTING_ACTIVITY_CARS_MAX)
      recordListingActivity({ shown: carIds.slice(start, start + LISTING_ACTIVITY_CARS_MAX) });
  }, []);
}
