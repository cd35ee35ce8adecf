/**
 * What feeds a seller's figures: a page tells the server what it showed once it has rendered (a car's
 * page, a page of search results). A visitor never hears of it: a failed record is dropped, with no
 * toast, and the page goes on. The body is sent as typed, unparsed (no zod on the car page: ADR 2).
 */
import type { listingActivitySchema } from '@redline/shared';
import { useCallback, useEffect, useRef } from 'react';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

function recordListingActivity(activity: z.input<typeof listingActivitySchema>): void {
  api.post('/listing-activity', { body: activity }).catch(() => {});
}

/** Records a view of the car `carId` (undefined until its page shows it), once per car shown. */
export function useRecordView(carId: string | undefined): void {
  useEffect(() => {
    if (carId !== undefined) recordListingActivity({ viewed: carId });
  }, [carId]);
}

/**
 * A function that records the cars of a page of results shown (their ids), each page once while
 * mounted: a page shown again (a render, an earlier search come back) is not counted again. A page
 * (at most PAGE_SIZE_MAX cars) is one record: LISTING_ACTIVITY_CARS_MAX is larger.
 */
export function useRecordShown(): (carIds: string[]) => void {
  const recorded = useRef(new Set<string>());
  return useCallback((carIds) => {
    const page = carIds.join(',');
    if (carIds.length === 0 || recorded.current.has(page)) return;
    recorded.current.add(page);
    recordListingActivity({ shown: carIds });
  }, []);
}
