/**
 * The car search (`GET /cars/search`), its suggestions (`GET /cars/suggest`) and their answers.
 * Filters are repeatable where a buyer may want either of several values (`fuel=Electric&fuel=Hybrid`).
 */
import { z } from 'zod';
import {
  bodyStyleSchema,
  carSchema,
  colourSchema,
  drivetrainSchema,
  fuelSchema,
  titleStatusSchema,
  transmissionSchema,
} from './cars.ts';
import { charactersMessage } from './common.ts';
import { COMPARE_MAX, comparedIdsOf, isComparableId } from './compare.ts';
import {
  BODY_STYLES,
  CAR_DOORS_MAX,
  CAR_KM_MAX,
  CAR_PRICE_MAX_CENTS,
  CAR_SEATS_MAX,
  CAR_YEAR_MIN,
  CATEGORIES_MAX,
  CLASSIC_AGE_YEARS,
  COLOURS,
  DRIVETRAINS,
  FUELS,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  PREVIOUS_OWNERS_MAX,
  SEARCH_FILTER_VALUES_MAX,
  SEARCH_RADIUS_MAX,
  SEARCH_SORTS,
  SEARCH_TEXT_MAX,
  SEARCH_YEAR_MAX,
  type SearchSort,
  SUGGESTIONS_MAX,
  TITLE_STATUSES,
  TRANSMISSIONS,
} from './constants.ts';
import { DEAL_RATINGS } from './deal-rating.ts';
import { marketValueSchema } from './market-value.ts';
import { parseNear, parseRadius } from './search-place.ts';
import { ONE_LINE } from './text-rules.ts';

/** A query parameter given once or repeated: always a list. */
const repeatable = <T extends z.ZodType>(item: T, label: string) =>
  z
    .preprocess(
      (value) => (value === undefined || Array.isArray(value) ? value : [value]),
      z.array(item).max(SEARCH_FILTER_VALUES_MAX, `At most ${SEARCH_FILTER_VALUES_MAX} ${label}`),
    )
    .optional();

const whole = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`)
    .optional();

/** Free of control and invisible characters as every stored text is (common.ts): a saved search keeps its text and values. */
const oneLine = (label: string) => [ONE_LINE, charactersMessage(label)] as const;

const searchText = z
  .string()
  .trim()
  .max(SEARCH_TEXT_MAX, `Search text must be at most ${SEARCH_TEXT_MAX} characters`)
  .regex(...oneLine('Search text'))
  .optional()
  .meta({ description: 'Free text over brand, model, engine and about; small typos are forgiven' });
const categoryValue = z
  .string()
  .trim()
  .min(1, 'Category is empty')
  .max(64, 'Unknown category')
  .regex(...oneLine('Category'));
const dealRatingSchema = z.enum(DEAL_RATINGS, { error: `Choose ${DEAL_RATINGS.join(', ')}` });
const brandValue = z
  .string()
  .trim()
  .min(1, 'Brand is empty')
  .max(60, 'Brand is too long')
  .regex(...oneLine('Brand'));

const nearValue = z
  .string()
  .trim()
  .max(40, 'Enter a 5-digit ZIP code')
  .refine((near) => parseNear(near) !== undefined, 'Enter a 5-digit ZIP code')
  .optional()
  .meta({
    description: 'Where to search from: a US ZIP code, or a point in degrees ("34.0901,-118.4065")',
    example: '90210',
  });
const radiusValue = z
  .string()
  .max(10, `A radius is a whole number of miles or km up to ${SEARCH_RADIUS_MAX}: "50mi", "100km"`)
  .refine(
    (radius) => parseRadius(radius) !== undefined,
    `A radius is a whole number of miles or km up to ${SEARCH_RADIUS_MAX}: "50mi", "100km"`,
  )
  .optional()
  .meta({ description: 'Only the cars this far from `near` at most ("50mi", "100km"); none: nationwide' });

/** The filters of a search, each in both forms (a query string's, a JSON body's): all but text and verified. */
const filterFields = {
  yearMin: whole('Year from', CAR_YEAR_MIN, SEARCH_YEAR_MAX),
  yearMax: whole('Year to', CAR_YEAR_MIN, SEARCH_YEAR_MAX),
  priceMin: whole('Minimum price', 0, CAR_PRICE_MAX_CENTS).meta({ description: 'USD cents' }),
  priceMax: whole('Maximum price', 0, CAR_PRICE_MAX_CENTS).meta({ description: 'USD cents' }),
  kmMax: whole('Maximum km', 0, CAR_KM_MAX),
  doorsMin: whole('Doors', 1, CAR_DOORS_MAX).meta({ description: 'At least this many doors' }),
  seatsMin: whole('Seats', 1, CAR_SEATS_MAX).meta({ description: 'At least this many seats' }),
  ownersMax: whole('Previous owners', 0, PREVIOUS_OWNERS_MAX).meta({
    description: 'At most this many previous owners',
  }),
  near: nearValue,
  radius: radiusValue,
  seller: z
    .string()
    .min(1, 'Seller is empty')
    .max(64, 'Unknown seller')
    .optional()
    .meta({ description: "One seller's cars (their id)" }),
};

/**
 * A lower bound above its upper bound is refused, on the upper bound; a radius, or the order by
 * distance, without a place to measure from, on itself.
 */
function boundsInOrder(
  query: {
    yearMin?: number;
    yearMax?: number;
    priceMin?: number;
    priceMax?: number;
    near?: string;
    radius?: string;
    sort?: SearchSort;
  },
  context: z.RefinementCtx,
) {
  if (query.near === undefined) {
    if (query.radius !== undefined)
      context.addIssue({ code: 'custom', path: ['radius'], message: 'Choose a place to search around' });
    if (query.sort === 'distance')
      context.addIssue({
        code: 'custom',
        path: ['sort'],
        message: 'Choose a place to sort by distance from',
      });
  }
  const ranges = [
    ['yearMin', 'yearMax', 'Year to cannot be before Year from'],
    ['priceMin', 'priceMax', 'Maximum price cannot be below the minimum price'],
  ] as const;
  for (const [min, max, message] of ranges) {
    const low = query[min];
    const high = query[max];
    if (low !== undefined && high !== undefined && low > high)
      context.addIssue({ code: 'custom', path: [max], message });
  }
}

/** `true` or `false` in a query string: false when left out. */
const flag = (label: string) =>
  z
    .enum(['true', 'false'], { error: `${label} must be true or false` })
    .optional()
    .transform((v) => v === 'true');

export const carSearchQuerySchema = z
  .object({
    q: searchText.transform((q) => q || undefined),
    category: repeatable(categoryValue, 'categories'),
    brand: repeatable(brandValue, 'brands'),
    fuel: repeatable(fuelSchema, 'fuels'),
    rating: repeatable(dealRatingSchema, 'deal ratings').meta({
      description: 'Deal ratings of the asking price against the market value (`none`: not enough data)',
    }),
    body: repeatable(bodyStyleSchema, 'body styles'),
    transmission: repeatable(transmissionSchema, 'transmissions'),
    drivetrain: repeatable(drivetrainSchema, 'drivetrains'),
    colour: repeatable(colourSchema, 'colours').meta({ description: 'Exterior colours' }),
    title: repeatable(titleStatusSchema, 'title statuses'),
    ...filterFields,
    verified: flag('Verified').meta({ description: 'true: verified sellers only' }),
    classic: flag('Classic').meta({
      description: `true: classics only, the cars over ${CLASSIC_AGE_YEARS} years old (model year at most this year − ${CLASSIC_AGE_YEARS})`,
    }),
    delivery: flag('Delivery').meta({
      description: 'true: only the cars whose sellers deliver them to `near` (any that deliver without it)',
    }),
    sort: z
      .enum(SEARCH_SORTS, { error: `Sort by ${SEARCH_SORTS.join(', ')}` })
      .optional()
      .meta({ description: '`relevance` by default with `q`, else `newest`' }),
    limit: z.coerce
      .number({ error: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .max(PAGE_SIZE_MAX, `Limit must be at most ${PAGE_SIZE_MAX}`)
      .default(PAGE_SIZE_DEFAULT),
    cursor: z
      .string()
      .max(300, 'Invalid cursor')
      .optional()
      .meta({ pattern: '^[A-Za-z0-9_-]*$', description: 'The `nextCursor` of the previous page' }),
  })
  .superRefine(boundsInOrder);
export type CarSearchQuery = z.infer<typeof carSearchQuerySchema>;

/** A list of at most SEARCH_FILTER_VALUES_MAX values, in a JSON body. */
const listOf = <T extends z.ZodType>(item: T, label: string) =>
  z.array(item).max(SEARCH_FILTER_VALUES_MAX, `At most ${SEARCH_FILTER_VALUES_MAX} ${label}`).optional();

/** A search's text and filters without its order and page, as a JSON body holds them (a saved search's). */
export const carSearchFiltersSchema = z
  .object({
    q: searchText,
    category: listOf(categoryValue, 'categories'),
    brand: listOf(brandValue, 'brands'),
    fuel: listOf(fuelSchema, 'fuels'),
    rating: listOf(dealRatingSchema, 'deal ratings'),
    body: listOf(bodyStyleSchema, 'body styles'),
    transmission: listOf(transmissionSchema, 'transmissions'),
    drivetrain: listOf(drivetrainSchema, 'drivetrains'),
    colour: listOf(colourSchema, 'colours'),
    title: listOf(titleStatusSchema, 'title statuses'),
    ...filterFields,
    verified: z.boolean({ error: 'Verified must be true or false' }).optional(),
    classic: z.boolean({ error: 'Classic must be true or false' }).optional(),
    delivery: z.boolean({ error: 'Delivery must be true or false' }).optional(),
  })
  .superRefine(boundsInOrder);
export type CarSearchFilters = z.infer<typeof carSearchFiltersSchema>;

const facetValueSchema = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export type FacetValue = z.infer<typeof facetValueSchema>;
/** The lowest and highest value among the cars that every other filter keeps; null when there are none. */
const rangeSchema = z.object({ min: z.number().int().nullable(), max: z.number().int().nullable() });

/**
 * The brands a search's brand facet lists at most: those with the most cars (ties by label), among
 * them every brand the search names (at most SEARCH_FILTER_VALUES_MAX, so they always fit).
 */
export const BRAND_FACET_MAX = 50;

/**
 * Disjunctive counts: each facet's counts apply every other active filter, so a value's count is
 * the total the search would have with that value added.
 */
export const carSearchFacetsSchema = z.object({
  category: z.array(facetValueSchema).max(CATEGORIES_MAX),
  brand: z.array(facetValueSchema).max(BRAND_FACET_MAX),
  /** How many brands with cars the brand facet leaves out (beyond BRAND_FACET_MAX). */
  moreBrands: z.number().int(),
  fuel: z.array(facetValueSchema).max(FUELS.length),
  body: z.array(facetValueSchema).max(BODY_STYLES.length),
  transmission: z.array(facetValueSchema).max(TRANSMISSIONS.length),
  drivetrain: z.array(facetValueSchema).max(DRIVETRAINS.length),
  colour: z.array(facetValueSchema).max(COLOURS.length),
  title: z.array(facetValueSchema).max(TITLE_STATUSES.length),
  rating: z.array(facetValueSchema).max(DEAL_RATINGS.length),
  year: rangeSchema,
  price: rangeSchema,
});
export type CarSearchFacets = z.infer<typeof carSearchFacetsSchema>;

/**
 * A car a search found: with `near`, how far it stands from there (null without it, or when the car
 * has no place); its deal rating, of its asking price now against its market value (ADR 57).
 */
export const carSearchItemSchema = carSchema.extend({
  distanceKm: z.number().nullable(),
  dealRating: dealRatingSchema,
});
export type CarSearchItem = z.infer<typeof carSearchItemSchema>;

const COMPARED_IDS_MESSAGE = `Choose 1 to ${COMPARE_MAX} cars to compare, their ids separated by commas`;

/**
 * The query of a comparison: its cars' ids ("a,b,c", repeats counted once) and, as a search's, where
 * the visitor measures distances from. An id no car has is not an error: the answer leaves it out.
 */
export const carComparisonQuerySchema = z.object({
  ids: z
    .string({ error: COMPARED_IDS_MESSAGE })
    .max(COMPARE_MAX * 65 + 20, COMPARED_IDS_MESSAGE)
    .transform(comparedIdsOf)
    .pipe(
      z
        .array(z.string())
        .min(1, COMPARED_IDS_MESSAGE)
        .max(COMPARE_MAX, COMPARED_IDS_MESSAGE)
        .refine((ids) => ids.every(isComparableId), COMPARED_IDS_MESSAGE),
    )
    .meta({ description: `Up to ${COMPARE_MAX} car ids, separated by commas`, example: 'id1,id2' }),
  near: nearValue,
});
export type CarComparisonQuery = z.infer<typeof carComparisonQuerySchema>;

/** The cars of a comparison still for sale, in the order asked (with `near`, each one's distance from there). */
/** A car compared: as a search finds it, with its market value (null before its first fit). */
export const comparedCarSchema = carSearchItemSchema.extend({ marketValue: marketValueSchema.nullable() });
export type ComparedCar = z.infer<typeof comparedCarSchema>;
export const carComparisonSchema = z.object({ items: z.array(comparedCarSchema).max(COMPARE_MAX) });
export type CarComparison = z.infer<typeof carComparisonSchema>;

export const carSearchResultSchema = z.object({
  items: z.array(carSearchItemSchema).max(PAGE_SIZE_MAX),
  nextCursor: z.string().nullable(),
  /** How many cars match, all pages together. */
  total: z.number().int(),
  facets: carSearchFacetsSchema,
});
export type CarSearchResult = z.infer<typeof carSearchResultSchema>;

export const carSuggestQuerySchema = z.object({
  q: z
    .string({ error: 'Type something to complete' })
    .trim()
    .min(1, 'Type something to complete')
    .max(SEARCH_TEXT_MAX, `Search text must be at most ${SEARCH_TEXT_MAX} characters`),
});

export const carSuggestionsSchema = z.object({
  items: z
    .array(
      z.object({
        /** What the search box shows and searches for. */
        label: z.string(),
        brand: z.string(),
        /** Null for a brand on its own. */
        model: z.string().nullable(),
        /** Its cars for sale. */
        count: z.number().int().nonnegative(),
      }),
    )
    .max(SUGGESTIONS_MAX),
});
export type CarSuggestions = z.infer<typeof carSuggestionsSchema>;
