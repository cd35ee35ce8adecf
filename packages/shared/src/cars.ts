/**
 * Cars and advertisements: the add-car form's rules (spec section 5), shared by the browser form
 * and the API, and the car shapes the API answers with. Money is integer USD cents.
 */
import { z } from 'zod';
import { multiLineText, oneLineText, pageOf } from './common.ts';
import {
  BODY_STYLES,
  CAR_ABOUT_MAX,
  CAR_DOORS_MAX,
  CAR_KM_MAX,
  CAR_PRICE_MAX_CENTS,
  CAR_PRICE_MIN_CENTS,
  CAR_SEATS_MAX,
  CAR_STOCK_NUMBER_MAX,
  CAR_TOP_SPEED_MAX,
  CAR_TRIM_MAX,
  CAR_YEAR_MIN,
  COLOUR_NAME_MAX,
  COLOURS,
  carYearMax,
  DRIVETRAINS,
  FUELS,
  MAX_CAR_PHOTOS,
  PREVIOUS_OWNERS_MAX,
  TITLE_STATUSES,
  TRANSMISSIONS,
} from './constants.ts';
import { formatMoney } from './format.ts';
import { marketValueSchema } from './market-value.ts';
import { photoKeySchema, photoSchema } from './photos.ts';
import { deliveryRadiusSchema, placeSchema, postalCodeSchema } from './places.ts';
import { formatSpeed, type UnitSystem } from './units.ts';
import { vinSchema, withVinFitsYear } from './vin.ts';

/** A car's price: integer USD cents, from $100 to $20,000,000; one rule for posting and editing. */
const money = (label: string) =>
  z
    .number({ error: `${label} is required` })
    .int(`${label} must be a whole number of cents`)
    .min(CAR_PRICE_MIN_CENTS, `${label} must be at least ${formatMoney(CAR_PRICE_MIN_CENTS)}`)
    .max(CAR_PRICE_MAX_CENTS, `${label} must be at most ${formatMoney(CAR_PRICE_MAX_CENTS)}`);

export const PRICE_ORDER_MESSAGE = 'The original price must be at least the asking price';

/**
 * The original price is what the car cost new, so the asking price is at most that (the saving a
 * buyer sees, or none when they are equal). Checked whenever both prices are themselves valid, even
 * while most other fields are not, so that the form shows the errors together (zod still skips it
 * while a number elsewhere is not whole: `.int()` ends the parse); an edit that changes one price is
 * checked against the other as stored (cars.service.ts).
 */
export function withPricesInOrder<T extends z.ZodType<{ askingPrice?: number; originalPrice?: number }>>(
  schema: T,
) {
  return schema.superRefine(
    (car, context) => {
      const { askingPrice, originalPrice } = car;
      if (askingPrice !== undefined && originalPrice !== undefined && askingPrice > originalPrice)
        context.addIssue({ code: 'custom', path: ['originalPrice'], message: PRICE_ORDER_MESSAGE });
    },
    {
      when: ({ value, issues }) =>
        typeof value === 'object' &&
        value !== null &&
        !issues.some((issue) => issue.path?.[0] === 'askingPrice' || issue.path?.[0] === 'originalPrice'),
    },
  );
}

const wholeNumber = (label: string, min: number, max: number, tooLow: string, tooHigh: string) =>
  z
    .number({ error: `${label} is required` })
    .int(`${label} must be a whole number`)
    .min(min, tooLow)
    .max(max, tooHigh);

/** The range ends at the current year, checked when validating (not when this module loads). */
const year = z
  .number({ error: 'Year is required' })
  .int('Year must be a whole number')
  .refine((y) => y >= CAR_YEAR_MIN && y <= carYearMax(), {
    error: () => `Year must be between ${CAR_YEAR_MIN} and ${carYearMax()}`,
  })
  .meta({ minimum: CAR_YEAR_MIN, maximum: carYearMax(), description: 'Up to next year' });

/** One of a fixed list of values, with the form's wording when it is missing or another. */
const choiceOf = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? `${label} is required`
        : `Choose ${values.join(', ')}`,
  });

export const fuelSchema = choiceOf('Fuel', FUELS);
export const bodyStyleSchema = choiceOf('Body style', BODY_STYLES);
export const transmissionSchema = choiceOf('Transmission', TRANSMISSIONS);
export const drivetrainSchema = choiceOf('Drivetrain', DRIVETRAINS);
export const colourSchema = choiceOf('Colour', COLOURS);
export const titleStatusSchema = choiceOf('Title status', TITLE_STATUSES);

const declaration = z.literal(true, { error: 'You must confirm this declaration' });

/** The seller's four declarations; each must be ticked. */
export const carDeclarationsSchema = z.object(
  {
    noAccident: declaration,
    noLitigation: declaration,
    odometerGenuine: declaration,
    acceptLegalAction: declaration,
  },
  { error: 'You must confirm the declarations' },
);

/**
 * A top speed in km/h, as it is stored and the API takes it; its limit said in `units`, those a form
 * is typed in (the form converts what is typed to km/h before this rule judges it).
 */
export function topSpeedSchema(units: UnitSystem) {
  return wholeNumber(
    'Top speed',
    1,
    CAR_TOP_SPEED_MAX,
    'Top speed must be greater than 0',
    `Top speed must be at most ${formatSpeed(CAR_TOP_SPEED_MAX, units)}`,
  );
}

const carFields = {
  year,
  brand: oneLineText('Brand', 60),
  model: oneLineText('Model', 80),
  categoryId: oneLineText('Category', 64),
  engine: oneLineText('Engine', 120),
  fuel: fuelSchema,
  about: multiLineText('About', CAR_ABOUT_MAX, { min: 1, message: 'About is required' }),
  askingPrice: money('Asking price'),
  originalPrice: money('Original price'),
  topSpeed: topSpeedSchema('metric'),
  kmDriven: wholeNumber('Mileage', 0, CAR_KM_MAX, 'Mileage cannot be negative', 'Mileage is too high'),
  /** The version of the model ("GT3 RS", "Competition"); null when none is given. */
  trim: oneLineText('Trim', CAR_TRIM_MAX).nullable().optional(),
  vin: vinSchema.nullable().optional(),
  /**
   * What a buyer filters on first after the make: required of a car posted, and never taken away by
   * an edit (cars posted before they existed may lack them: `carSchema`).
   */
  bodyStyle: bodyStyleSchema,
  transmission: transmissionSchema,
  drivetrain: drivetrainSchema,
  exteriorColour: colourSchema,
  /** The maker's name of the colour ("Rosso Corsa"), beside its place in the palette. */
  exteriorColourName: oneLineText('Colour name', COLOUR_NAME_MAX).nullable().optional(),
  interiorColour: colourSchema.nullable().optional(),
  interiorColourName: oneLineText('Interior colour name', COLOUR_NAME_MAX).nullable().optional(),
  doors: wholeNumber('Doors', 1, CAR_DOORS_MAX, 'Doors must be at least 1', `At most ${CAR_DOORS_MAX} doors`)
    .nullable()
    .optional(),
  seats: wholeNumber('Seats', 1, CAR_SEATS_MAX, 'Seats must be at least 1', `At most ${CAR_SEATS_MAX} seats`)
    .nullable()
    .optional(),
  /** How many owners the car has had before the seller. */
  previousOwners: wholeNumber(
    'Previous owners',
    0,
    PREVIOUS_OWNERS_MAX,
    'Previous owners cannot be negative',
    `At most ${PREVIOUS_OWNERS_MAX} previous owners`,
  )
    .nullable()
    .optional(),
  titleStatus: titleStatusSchema.nullable().optional(),
  /**
   * Where the car stands, from which the server derives its city, state and coordinates: required of
   * a car posted, and of a car posted before locations at its next edit (cars.service.ts).
   */
  postalCode: postalCodeSchema,
  deliveryRadiusKm: deliveryRadiusSchema.optional(),
  /**
   * A dealer's own number for the car in their stock system, unique among the seller's cars: what an
   * inventory import finds the car by (modules/inventory-import); null when none is given.
   */
  stockNumber: oneLineText('Stock number', CAR_STOCK_NUMBER_MAX).nullable().optional(),
  /** Keys returned by the upload call, in display order; the first is the cover. */
  photos: z
    .array(photoKeySchema, { error: 'Photo is required' })
    .min(1, 'Photo is required')
    .max(MAX_CAR_PHOTOS, `At most ${MAX_CAR_PHOTOS} photos`)
    .refine((keys) => new Set(keys).size === keys.length, 'Each photo can be added only once')
    .meta({ uniqueItems: true }),
};

/** The fields of a car as a seller describes it, without the declarations (the edit form's). */
export const carFieldsSchema = z.object(carFields);

/**
 * Body of `POST /market-value/estimate`: a car as its seller is describing it in the post or edit
 * form, what the market value model reads of it (docs/market-value.md), by the same rules as
 * posting; the gearbox, drive and ZIP code may be missing (not chosen yet, or a car posted before them).
 */
export const carEstimateInputSchema = carFieldsSchema
  .pick({
    year: true,
    brand: true,
    model: true,
    kmDriven: true,
    trim: true,
    previousOwners: true,
    titleStatus: true,
  })
  .extend({
    transmission: transmissionSchema.nullable().optional(),
    drivetrain: drivetrainSchema.nullable().optional(),
    postalCode: postalCodeSchema.nullable().optional(),
  });
export type CarEstimateInput = z.infer<typeof carEstimateInputSchema>;

/** Body of `POST /cars`. The seller, e-mail, date and ids come from the session and the server. */
export const carInputSchema = withVinFitsYear(
  withPricesInOrder(carFieldsSchema.extend({ declarations: carDeclarationsSchema })),
);
export type CarInput = z.infer<typeof carInputSchema>;

/**
 * Body of `PATCH /cars/{id}`: any editable field, by the same rules as posting, and `sold` to mark
 * the car sold or back on sale.
 */
export const carUpdateSchema = withVinFitsYear(
  withPricesInOrder(
    carFieldsSchema.extend({ sold: z.boolean({ error: 'Sold must be true or false' }) }).partial(),
  ),
)
  .refine((update) => Object.values(update).some((v) => v !== undefined), 'Change at least one field')
  .meta({ minProperties: 1 });
export type CarUpdate = z.infer<typeof carUpdateSchema>;

/**
 * A car as any signed-in user sees it (search, category lists, a car's page, What's New): never its
 * seller's e-mail, which buyers need not have (they write to a seller through messages and bookings).
 */
export const carSchema = z.object({
  id: z.string(),
  year: z.number().int(),
  /**
   * The make and model: the catalogue's names when the car is linked to it (`makeId`, `modelId`),
   * the seller's own words for a make or model the catalogue lacks ("other": the id is null).
   */
  brand: z.string(),
  model: z.string(),
  makeId: z.number().int().nullable(),
  modelId: z.number().int().nullable(),
  trim: z.string().nullable(),
  /** The 17-character VIN, or an older car's chassis number. */
  vin: z.string().nullable(),
  bodyStyle: bodyStyleSchema.nullable(),
  transmission: transmissionSchema.nullable(),
  drivetrain: drivetrainSchema.nullable(),
  exteriorColour: colourSchema.nullable(),
  exteriorColourName: z.string().nullable(),
  interiorColour: colourSchema.nullable(),
  interiorColourName: z.string().nullable(),
  doors: z.number().int().nullable(),
  seats: z.number().int().nullable(),
  previousOwners: z.number().int().nullable(),
  titleStatus: titleStatusSchema.nullable(),
  categoryId: z.string(),
  categoryName: z.string(),
  engine: z.string(),
  fuel: fuelSchema,
  about: z.string(),
  askingPrice: z.number().int(),
  originalPrice: z.number().int(),
  /** km/h */
  topSpeed: z.number().int(),
  kmDriven: z.number().int(),
  /** Cover photo URL (960 px variant). */
  photo: z.string(),
  photos: z.array(photoSchema).max(MAX_CAR_PHOTOS),
  /** The seller's display name, and their id (their page: `GET /sellers/{id}`). */
  seller: z.string(),
  sellerId: z.string(),
  sellerVerified: z.boolean(),
  addedDate: z.string(),
  soldAt: z.string().nullable(),
  /** Since when an accepted offer holds the car for its buyer; null while it is free (issue 48). */
  reservedAt: z.string().nullable(),
  isAdvertised: z.boolean(),
  /** When the asking price last went down (null once it goes up again). */
  priceDroppedAt: z.string().nullable(),
  /** Where the car stands; null for a car posted before locations, until its seller edits it. */
  location: placeSchema.nullable(),
  /** How far from its place the seller delivers the car, in km; null when they do not deliver. */
  deliveryRadiusKm: z.number().nullable(),
});
export type Car = z.infer<typeof carSchema>;

/** How many asking prices a car's page shows: the one it was listed at and the latest changes. */
export const PRICE_HISTORY_SHOWN = 20;

/**
 * One car on its own page, with its asking prices oldest first: the first the price it was listed at,
 * then its latest changes (up to `PRICE_HISTORY_SHOWN` in all); `earlierPriceChanges` counts the
 * changes between the two that are left out.
 */
export const carDetailSchema = carSchema.extend({
  priceHistory: z
    .array(z.object({ askingPrice: z.number().int(), changedAt: z.string() }))
    .max(PRICE_HISTORY_SHOWN),
  earlierPriceChanges: z.number().int().min(0),
  /** Its market value and deal rating (docs/market-value.md); null while sold, or until the model is first fitted. */
  marketValue: marketValueSchema.nullable(),
});
export type CarDetail = z.infer<typeof carDetailSchema>;

export const carPageSchema = pageOf(carSchema);
export type CarPage = z.infer<typeof carPageSchema>;

/**
 * A car as its own seller or an admin sees it (the seller's list, posting, editing): with the seller's
 * e-mail and stock number, which buyers need not see.
 */
export const sellerCarSchema = carSchema.extend({
  sellerEmail: z.string(),
  stockNumber: z.string().nullable(),
});
export type SellerCar = z.infer<typeof sellerCarSchema>;
/**
 * A car on its seller's list (My Posts), with its market value and deal rating as its page has them
 * (null while sold, or until the model is first fitted): the seller's "what if" works from it.
 */
export const listedSellerCarSchema = sellerCarSchema.extend({ marketValue: marketValueSchema.nullable() });
export type ListedSellerCar = z.infer<typeof listedSellerCarSchema>;
export const sellerCarPageSchema = pageOf(listedSellerCarSchema);
export type SellerCarPage = z.infer<typeof sellerCarPageSchema>;

/** A car on the public What's New list: the card fields and when it was advertised. */
export const advertisedCarSchema = carSchema.extend({ advertisedAt: z.string() });
export type AdvertisedCar = z.infer<typeof advertisedCarSchema>;
export const advertisedCarPageSchema = pageOf(advertisedCarSchema);
export type AdvertisedCarPage = z.infer<typeof advertisedCarPageSchema>;

/** Body of `POST /advertise`. */
export const advertiseInputSchema = z.object({
  carId: z.string({ error: 'Car is required' }).trim().min(1, 'Car is required').max(64, 'Car was not found'),
});
export const advertisementSchema = z.object({ id: z.string(), carId: z.string(), advertisedAt: z.string() });
export type Advertisement = z.infer<typeof advertisementSchema>;

export const carIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
/** `GET /cars/{id}` lists a category: its path shares the template of `PATCH /cars/{id}` (a car). */
export const categoryCarsParamsSchema = z.object({
  id: z.string().min(1).max(64).meta({ description: "The category's id" }),
});
