import type { CarEstimateInput } from '@redline/shared';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const estimateCar = ({ car, signal }: { car: CarEstimateInput; signal?: AbortSignal }) =>
  api.post('/market-value/estimate', { body: car, signal });

/**
 * The market value of the car the seller is describing (docs/market-value.md), asked once the
 * fields the model needs are filled (`car` null until then); a description asked before is not
 * asked again, and the last answer stays shown while the next is asked. It only reads: no toast,
 * the form says what it could not learn.
 */
export function useCarEstimate(car: CarEstimateInput | null) {
  return useQuery({
    queryKey: queryKeys.cars.estimate(car),
    queryFn: car ? ({ signal }) => estimateCar({ car, signal }) : skipToken,
    placeholderData: keepPreviousData,
  });
}
