/** A car's estimated market value and the comparables behind it (docs/market-value.md). */
import { z } from 'zod';
import { DEAL_RATINGS } from './deal-rating.ts';
import { placeSchema } from './places.ts';

/**
 * Which cars a value was fitted from: the car's model family, or its make when the model has too
 * few (`family`); the car's wider region, or the whole nation when the region has too few (`area`).
 */
export const VALUE_FAMILIES = ['model', 'make'] as const;
export const VALUE_AREAS = ['region', 'nation'] as const;

/**
 * A car's market value as its page shows it: the estimate and the range of most prices like it
 * (integer cents; all null when `rating` is `none`, too few comparables), its deal rating and how
 * many comparable cars the estimate stands on.
 */
export const marketValueSchema = z.object({
  estimate: z.number().int().nullable(),
  low: z.number().int().nullable(),
  high: z.number().int().nullable(),
  rating: z.enum(DEAL_RATINGS),
  comparables: z.number().int().min(0),
  family: z.enum(VALUE_FAMILIES),
  area: z.enum(VALUE_AREAS),
  fittedAt: z.string(),
});
export type MarketValue = z.infer<typeof marketValueSchema>;

/**
 * The estimate of a car not posted yet (`POST /market-value/estimate`): its market value without a
 * rating, which the form computes from the price typed (`dealRating`); all null with too few comparables.
 */
export const carEstimateSchema = marketValueSchema.omit({ rating: true, fittedAt: true });
export type CarEstimate = z.infer<typeof carEstimateSchema>;

/** The most comparables for sale a car's list shows, and sold ones its chart draws: the nearest in year, then mileage. */
export const COMPARABLES_SHOWN = 50;

/**
 * A car for sale among a car's comparables: what its line and its link show, its own deal rating
 * (null before a refit values it), and its point of the chart.
 */
export const comparableCarSchema = z.object({
  id: z.string(),
  year: z.number().int(),
  brand: z.string(),
  model: z.string(),
  trim: z.string().nullable(),
  kmDriven: z.number().int(),
  askingPrice: z.number().int(),
  location: placeSchema.nullable(),
  rating: z.enum(DEAL_RATINGS).nullable(),
});

/** A sold comparable as the chart draws it: its mileage and the last asking price it sold at. */
export const soldPointSchema = z.object({
  year: z.number().int(),
  kmDriven: z.number().int(),
  price: z.number().int(),
});

/**
 * A car's comparables: the cars its value was fitted from (its family and area), those for sale
 * listed, the sold ones summarised (how many, their median price) with their points, and the car's
 * own point, which the chart of price against mileage marks. Nothing of any seller.
 */
export const carComparablesSchema = z.object({
  car: z.object({ id: z.string(), kmDriven: z.number().int(), askingPrice: z.number().int() }),
  marketValue: marketValueSchema.nullable(),
  forSale: z.object({
    count: z.number().int().min(0),
    cars: z.array(comparableCarSchema).max(COMPARABLES_SHOWN),
  }),
  sold: z.object({
    count: z.number().int().min(0),
    medianPrice: z.number().int().nullable(),
    points: z.array(soldPointSchema).max(COMPARABLES_SHOWN),
  }),
});
export type CarComparables = z.infer<typeof carComparablesSchema>;
