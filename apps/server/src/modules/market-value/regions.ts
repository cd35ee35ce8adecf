/**
 * The wider regions a car's state is grouped into, for a model family's regional price level and
 * its fallback: the US Census Bureau's four regions (DC with the South, as the Bureau counts it;
 * the territories in none, so valued at the nation's level).
 */
const STATES_OF = {
  Northeast: ['CT', 'ME', 'MA', 'NH', 'RI', 'VT', 'NJ', 'NY', 'PA'],
  Midwest: ['IL', 'IN', 'MI', 'OH', 'WI', 'IA', 'KS', 'MN', 'MO', 'NE', 'ND', 'SD'],
  South: [
    'DE',
    'DC',
    'FL',
    'GA',
    'MD',
    'NC',
    'SC',
    'VA',
    'WV',
    'AL',
    'KY',
    'MS',
    'TN',
    'AR',
    'LA',
    'OK',
    'TX',
  ],
  West: ['AZ', 'CO', 'ID', 'MT', 'NV', 'NM', 'UT', 'WY', 'AK', 'CA', 'HI', 'OR', 'WA'],
} as const;

export type WideRegion = keyof typeof STATES_OF;
export const WIDE_REGIONS = Object.keys(STATES_OF) as WideRegion[];

const REGION_OF_STATE = new Map<string, WideRegion>(
  WIDE_REGIONS.flatMap((region) => STATES_OF[region].map((state) => [state, region] as const)),
);

/** The wider region of a state (its abbreviation, a car's `region`); null for none or one outside them. */
export function wideRegionOf(state: string | null): WideRegion | null {
  return state === null ? null : (REGION_OF_STATE.get(state) ?? null);
}

/** The states of a wider region. */
export function statesOf(region: WideRegion): readonly string[] {
  return STATES_OF[region];
}
