/**
 * The car search's state lives in the page's address, in the API's own terms (`GET /cars/search`:
 * repeated `category`, `brand`, `fuel` and specifications, prices in cents), so that an address is shareable, back
 * and forward restore it, and the server renders it. Reading an address keeps what the API accepts
 * and drops the rest, value by value, so that a mistyped or stale link still shows a search.
 */
import {
  CAR_DOORS_MAX,
  CAR_KM_MAX,
  CAR_PRICE_MAX_CENTS,
  CAR_SEATS_MAX,
  CAR_YEAR_MIN,
  type CarSearchFilters,
  FUELS,
  type Fuel,
  ONE_LINE,
  PREVIOUS_OWNERS_MAX,
  parseNear,
  parseRadius,
  SEARCH_FILTER_VALUES_MAX,
  SEARCH_SORTS,
  SEARCH_SPEC_FACETS,
  SEARCH_TEXT_MAX,
  SEARCH_YEAR_MAX,
  type SearchSort,
  type SearchSpecFacet,
  searchWords,
} from '@redline/shared';
import { paths } from '../../../config/paths.ts';
import { type QueryParams, queryString } from '../../../lib/api-client.ts';

export type SearchState = {
  q?: string;
  category: string[];
  brand: string[];
  fuel: Fuel[];
  yearMin?: number;
  yearMax?: number;
  /** USD cents. */
  priceMin?: number;
  priceMax?: number;
  kmMax?: number;
  doorsMin?: number;
  seatsMin?: number;
  ownersMax?: number;
  verified: boolean;
  /** The cars over CLASSIC_AGE_YEARS years old only. */
  classic: boolean;
  /** Where the search measures from: a ZIP code, or the visitor's location as "lat,lon". */
  near?: string;
  /** Only the cars this far from `near` ("50mi", "100km"); never without `near`. */
  radius?: string;
  /** Only the cars whose sellers deliver (to `near`, when given). */
  delivery: boolean;
  sort?: SearchSort;
  /** One seller's cars (their page, app/routes/seller.tsx); not part of a search page's address. */
  seller?: string;
} & SpecLists;

/** The values chosen of each specification facet (`body`, `transmission`…). */
type SpecLists = { [F in SearchSpecFacet]: (typeof SEARCH_SPEC_FACETS)[F][number][] };

export type RangeName =
  | 'yearMin'
  | 'yearMax'
  | 'priceMin'
  | 'priceMax'
  | 'kmMax'
  | 'doorsMin'
  | 'seatsMin'
  | 'ownersMax';
export type ListName = 'category' | 'brand' | 'fuel' | SearchSpecFacet;

/** The specification facets, in the filter panel's order. */
export const SPEC_FACETS = Object.keys(SEARCH_SPEC_FACETS) as SearchSpecFacet[];

export const EMPTY_SEARCH: SearchState = {
  category: [],
  brand: [],
  fuel: [],
  rating: [],
  body: [],
  transmission: [],
  drivetrain: [],
  colour: [],
  title: [],
  verified: false,
  classic: false,
  delivery: false,
};

/** A seller's cars for sale, newest first: the search their page shows. */
export const searchOfSeller = (seller: string): SearchState => ({ ...EMPTY_SEARCH, seller, sort: 'newest' });

/** The search page's address of the cars of a make and model: where a sold car's page sends its visitors. */
export const searchPathOfName = (brand: string, model: string): string =>
  paths.search(serializeSearch({ ...EMPTY_SEARCH, brand: [brand], q: model }));

/** The API's longest category id and brand. */
const VALUE_MAX = { category: 64, brand: 60 } as const;

/** What the API accepts for each bound. */
export const RANGES: Record<RangeName, [number, number]> = {
  yearMin: [CAR_YEAR_MIN, SEARCH_YEAR_MAX],
  yearMax: [CAR_YEAR_MIN, SEARCH_YEAR_MAX],
  priceMin: [0, CAR_PRICE_MAX_CENTS],
  priceMax: [0, CAR_PRICE_MAX_CENTS],
  kmMax: [0, CAR_KM_MAX],
  doorsMin: [1, CAR_DOORS_MAX],
  seatsMin: [1, CAR_SEATS_MAX],
  ownersMax: [0, PREVIOUS_OWNERS_MAX],
};

/** The ranges with two bounds, low and high. */
const BOUNDS = [
  ['yearMin', 'yearMax'],
  ['priceMin', 'priceMax'],
] as const;

/**
 * The other bound of `name`'s range, and whether `value` would be on the wrong side of it (a lower
 * bound above the upper one, or the other way round), which the API refuses.
 */
export function boundConflict(state: SearchState, name: RangeName, value: number | undefined) {
  const pair = BOUNDS.find((bounds) => (bounds as readonly RangeName[]).includes(name));
  if (!pair || value === undefined) return undefined;
  const [low, high] = pair;
  const other = name === low ? state[high] : state[low];
  if (other === undefined) return undefined;
  const wrong = name === low ? value > other : value < other;
  return wrong ? { name: name === low ? high : low, value: other } : undefined;
}

/**
 * The search as the API can run it: an upper bound below its lower one (from an address: the
 * filters say what is wrong with it at its field) is left out rather than refused.
 */
function runnable(state: SearchState): SearchState {
  const next = { ...state };
  for (const [, high] of BOUNDS) if (boundConflict(next, high, next[high])) next[high] = undefined;
  return next;
}

function wholeIn(text: string | null, [min, max]: [number, number]): number | undefined {
  if (text === null || !/^\d{1,10}$/.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

/** The distinct non-empty values of a repeated parameter that `keep` accepts, at most as many as the API takes. */
function listOf<T extends string>(
  params: URLSearchParams,
  name: string,
  keep: (value: string) => value is T,
) {
  const values = params
    .getAll(name)
    .map((value) => value.trim())
    .filter(keep);
  return [...new Set(values)].slice(0, SEARCH_FILTER_VALUES_MAX);
}

const isFuel = (value: string): value is Fuel => (FUELS as readonly string[]).includes(value);
const isValueOf =
  <F extends SearchSpecFacet>(facet: F) =>
  (value: string): value is SpecLists[F][number] =>
    (SEARCH_SPEC_FACETS[facet] as readonly string[]).includes(value);
const isSort = (value: string | null): value is SearchSort =>
  (SEARCH_SORTS as readonly (string | null)[]).includes(value);
/** The order by distance needs a place to measure from, as a radius does. */
const needsPlace = (sort: SearchSort | undefined) => sort === 'distance';

/** `state` searched nationwide from nowhere: without its place, nor what only a place gives (radius, nearest first). */
export const withoutPlace = (state: SearchState): SearchState => ({
  ...state,
  near: undefined,
  radius: undefined,
  sort: needsPlace(state.sort) ? undefined : state.sort,
});

/** A value the API takes for a text of at most `max` characters: one line, no control characters. */
const shorterThan =
  (max: number) =>
  (value: string): value is string =>
    value.length > 0 && value.length <= max && ONE_LINE.test(value);

/** The search text of an address, as the API would take it. */
function addressText(params: URLSearchParams) {
  const text = params.get('q')?.trim().slice(0, SEARCH_TEXT_MAX);
  return text && ONE_LINE.test(text) ? text : undefined;
}

/**
 * The text an address's search part gives that has nothing to search for (only emoji, punctuation
 * or single letters: searchWords); the search leaves it out rather than claim results for it.
 */
export function unsearchableText(search: URLSearchParams | string): string | undefined {
  const text = addressText(new URLSearchParams(search));
  return text && searchWords(text).length === 0 ? text : undefined;
}

/**
 * The search an address's search part asks for. On a category's page (`category`) that category is
 * the search's, whatever the address says.
 */
export function parseSearch(search: URLSearchParams | string, category?: string): SearchState {
  const params = new URLSearchParams(search);
  const text = addressText(params);
  const q = text && searchWords(text).length > 0 ? text : undefined;
  const range = (name: RangeName) => wholeIn(params.get(name), RANGES[name]);
  const state: SearchState = {
    q,
    category:
      category === undefined ? listOf(params, 'category', shorterThan(VALUE_MAX.category)) : [category],
    brand: listOf(params, 'brand', shorterThan(VALUE_MAX.brand)),
    fuel: listOf(params, 'fuel', isFuel),
    ...(Object.fromEntries(
      SPEC_FACETS.map((facet) => [facet, listOf(params, facet, isValueOf(facet))]),
    ) as SpecLists),
    yearMin: range('yearMin'),
    yearMax: range('yearMax'),
    priceMin: range('priceMin'),
    priceMax: range('priceMax'),
    kmMax: range('kmMax'),
    doorsMin: range('doorsMin'),
    seatsMin: range('seatsMin'),
    ownersMax: range('ownersMax'),
    verified: params.get('verified') === 'true',
    classic: params.get('classic') === 'true',
    delivery: params.get('delivery') === 'true',
  };
  const near = params.get('near')?.trim();
  if (near && parseNear(near)) {
    state.near = near;
    const radius = params.get('radius');
    if (radius && parseRadius(radius)) state.radius = radius;
  }
  const sort = params.get('sort');
  // Relevance ranks by the text, distance from the place: without them there is nothing to rank.
  if (isSort(sort) && (sort !== 'relevance' || q) && (!needsPlace(sort) || state.near)) state.sort = sort;
  return state;
}

/** The search as the API runs it, as its query parameters. */
export const searchQuery = (state: SearchState): QueryParams => queryOf(runnable(state));

/** The state as the API's query parameters, in one order; what is not set is left out. */
function queryOf(state: SearchState): QueryParams {
  return {
    q: state.q,
    category: state.category,
    brand: state.brand,
    fuel: state.fuel,
    rating: state.rating,
    body: state.body,
    transmission: state.transmission,
    drivetrain: state.drivetrain,
    colour: state.colour,
    title: state.title,
    yearMin: state.yearMin,
    yearMax: state.yearMax,
    priceMin: state.priceMin,
    priceMax: state.priceMax,
    kmMax: state.kmMax,
    doorsMin: state.doorsMin,
    seatsMin: state.seatsMin,
    ownersMax: state.ownersMax,
    near: state.near,
    radius: state.radius,
    verified: state.verified ? 'true' : undefined,
    classic: state.classic ? 'true' : undefined,
    delivery: state.delivery ? 'true' : undefined,
    sort: state.sort,
    seller: state.seller,
  };
}

/** The search part of the address of `state` (without the `?`); a category's page leaves its category out. */
export function serializeSearch(state: SearchState, category?: string): string {
  return queryString(queryOf(category === undefined ? state : { ...state, category: [] }));
}

/** The search as a saved search keeps it (`CarSearchFilters`): its text and filters, without its order. */
export function filtersOf(state: SearchState): CarSearchFilters {
  const { sort: _sort, ...filters } = runnable(state);
  return filters;
}

/** A saved search's filters as the search page holds them, in the search's default order. */
export function searchOfFilters(filters: CarSearchFilters): SearchState {
  return {
    ...filters,
    category: filters.category ?? [],
    brand: filters.brand ?? [],
    fuel: filters.fuel ?? [],
    rating: filters.rating ?? [],
    body: filters.body ?? [],
    transmission: filters.transmission ?? [],
    drivetrain: filters.drivetrain ?? [],
    colour: filters.colour ?? [],
    title: filters.title ?? [],
    verified: filters.verified ?? false,
    classic: filters.classic ?? false,
    delivery: filters.delivery ?? false,
  };
}

/** The order the API uses when the search names none. */
export const defaultSort = (state: SearchState): SearchSort => (state.q ? 'relevance' : 'newest');

/** `state` with `value` of a list filter added, or removed when it is there. */
export function toggleValue(state: SearchState, name: ListName, value: string): SearchState {
  const values: string[] = state[name];
  const next = values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
  return { ...state, [name]: next };
}
