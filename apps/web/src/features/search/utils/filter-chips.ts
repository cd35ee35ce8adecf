import type { CarSearchFacets, CarSearchFilters, FacetValue, UnitSystem } from '@redline/shared';
import {
  CLASSIC_AGE_YEARS,
  DEAL_RATING_LABELS,
  type DealRating,
  formatDistance,
  formatMoney,
  formatNumber,
  parseNear,
  parseRadius,
  type SearchSpecFacet,
} from '@redline/shared';
import { type SearchState, SPEC_FACETS, searchOfFilters, withoutPlace } from './search-params.ts';

/** One thing the search narrows by, as a removable chip: `without` is the search once it is removed. */
export type FilterChip = { id: string; label: string; without: SearchState };

const labelOf = (facet: FacetValue[] | undefined, value: string) =>
  facet?.find((option) => option.value === value)?.label ?? value;

/** How a specification's chip names its value: the colour and the title say what they are. */
const SPEC_LABELS: Record<SearchSpecFacet, (value: string) => string> = {
  rating: (value) => DEAL_RATING_LABELS[value as DealRating],
  body: (value) => value,
  transmission: (value) => value,
  drivetrain: (value) => value,
  colour: (value) => `${value} exterior`,
  title: (value) => `${value} title`,
};

/** A search's radius as pages write it: "Within 50 mi". */
export function radiusLabel(radius: string): string {
  const { value, unit } = parseRadius(radius)!;
  return `Within ${formatNumber(value)} ${unit}`;
}

/** "Within 50 mi of 90210", "Near your location": where the search measures from, and how far. */
function placeLabel(near: string, radius: string | undefined): string {
  const place = parseNear(near)?.postalCode ?? 'your location';
  return radius === undefined ? `Near ${place}` : `${radiusLabel(radius)} of ${place}`;
}

/** `[only a lower bound, only an upper one]`: how a range with one bound reads. */
function rangeLabel(
  min: string | undefined,
  max: string | undefined,
  [from, upTo]: [string, string],
): string {
  if (min !== undefined && max !== undefined) return `${min}–${max}`;
  return min !== undefined ? from.replace('#', min) : upTo.replace('#', max ?? '');
}

/**
 * The chips of what `state` narrows by, text first, in the filter panel's order, its mileage in
 * `units`. A category's page (`fixedCategory`) has no chip for its category: it cannot be removed there.
 */
export function filterChips(
  state: SearchState,
  facets: CarSearchFacets | undefined,
  units: UnitSystem,
  fixedCategory?: string,
): FilterChip[] {
  const chips: FilterChip[] = [];
  if (state.q)
    chips.push({ id: 'q', label: `“${state.q}”`, without: { ...state, q: undefined, sort: undefined } });
  if (state.near !== undefined)
    chips.push({ id: 'near', label: placeLabel(state.near, state.radius), without: withoutPlace(state) });
  if (state.delivery)
    chips.push({ id: 'delivery', label: 'Delivers to me', without: { ...state, delivery: false } });
  if (fixedCategory === undefined) {
    for (const value of state.category)
      chips.push({
        id: `category:${value}`,
        label: labelOf(facets?.category, value),
        without: { ...state, category: state.category.filter((v) => v !== value) },
      });
  }
  for (const value of state.brand)
    chips.push({
      id: `brand:${value}`,
      label: labelOf(facets?.brand, value),
      without: { ...state, brand: state.brand.filter((v) => v !== value) },
    });
  for (const value of state.fuel)
    chips.push({
      id: `fuel:${value}`,
      label: value,
      without: { ...state, fuel: state.fuel.filter((v) => v !== value) },
    });
  for (const facet of SPEC_FACETS) {
    const values: string[] = state[facet];
    for (const value of values)
      chips.push({
        id: `${facet}:${value}`,
        label: SPEC_LABELS[facet](value),
        without: { ...state, [facet]: values.filter((v) => v !== value) },
      });
  }
  if (state.yearMin !== undefined || state.yearMax !== undefined)
    chips.push({
      id: 'year',
      label: rangeLabel(state.yearMin?.toString(), state.yearMax?.toString(), ['# or newer', '# or older']),
      without: { ...state, yearMin: undefined, yearMax: undefined },
    });
  if (state.priceMin !== undefined || state.priceMax !== undefined) {
    const money = (cents: number | undefined) => (cents === undefined ? undefined : formatMoney(cents));
    chips.push({
      id: 'price',
      label: rangeLabel(money(state.priceMin), money(state.priceMax), ['From #', 'Up to #']),
      without: { ...state, priceMin: undefined, priceMax: undefined },
    });
  }
  if (state.kmMax !== undefined)
    chips.push({
      id: 'km',
      label: `Up to ${formatDistance(state.kmMax, units)}`,
      without: { ...state, kmMax: undefined },
    });
  if (state.classic)
    chips.push({
      id: 'classic',
      label: `Classics (${CLASSIC_AGE_YEARS}+ years)`,
      without: { ...state, classic: false },
    });
  if (state.doorsMin !== undefined)
    chips.push({
      id: 'doors',
      label: `${state.doorsMin}+ doors`,
      without: { ...state, doorsMin: undefined },
    });
  if (state.seatsMin !== undefined)
    chips.push({
      id: 'seats',
      label: `${state.seatsMin}+ seats`,
      without: { ...state, seatsMin: undefined },
    });
  if (state.ownersMax !== undefined)
    chips.push({
      id: 'owners',
      label:
        state.ownersMax === 0
          ? 'No previous owner'
          : `At most ${state.ownersMax} previous ${state.ownersMax === 1 ? 'owner' : 'owners'}`,
      without: { ...state, ownersMax: undefined },
    });
  if (state.verified)
    chips.push({ id: 'verified', label: 'Verified sellers', without: { ...state, verified: false } });
  return chips;
}

/** A filter by its chip's name, away from the search page (a saved search's). */
export type FilterName = Pick<FilterChip, 'id' | 'label'>;

/** What a saved search narrows by, as the search page's chips name it (its category too). */
export function filterNames(
  filters: CarSearchFilters,
  facets: CarSearchFacets | undefined,
  units: UnitSystem,
): FilterName[] {
  return filterChips(searchOfFilters(filters), facets, units).map(({ id, label }) => ({ id, label }));
}
