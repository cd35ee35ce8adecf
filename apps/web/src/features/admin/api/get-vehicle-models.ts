import { useQuery } from '@tanstack/react-query';
import { vehicleModelsQuery } from '../../../lib/vehicle-catalogue.ts';

/** A make's models, alphabetically. */
export function useVehicleModels(makeId: number) {
  return useQuery(vehicleModelsQuery(makeId));
}
