/** The units the pages show (packages/shared's units.ts): the United States market's until the market setting lands (issue 47). */
import type { UnitSystem } from '@redline/shared';

export function useUnitSystem(): UnitSystem {
  return 'imperial';
}
