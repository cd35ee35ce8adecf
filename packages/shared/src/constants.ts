/**
 * Business constants of Redline (spec section 9), shared by server and browser. No zod here: pages
 * show these values without loading the schemas (docs/decisions/0002).
 */
import { DEAL_RATINGS } from './deal-rating.ts';

export const FUELS = ['Petrol', 'Diesel', 'Electric', 'Hybrid'] as const;
export type Fuel = (typeof FUELS)[number];

export const ROLES = ['Buyer', 'Seller', 'Admin'] as const;
export type Role = (typeof ROLES)[number];
/** Roles a person may pick at sign-up; admins are made by an operator. */
export const SIGN_UP_ROLES = ['Buyer', 'Seller'] as const;

/** The oldest model year a car may have: a marketplace of exotic cars lists the classics too. */
export const CAR_YEAR_MIN = 1900;
/**
 * The year range ends at next year, whose models are on sale before New Year (a deliberate deviation
 * from the spec's 1999–2022: docs/spec-deviations.md).
 */
export const carYearMax = (): number => new Date().getFullYear() + 1;
/** A car is a classic from this many years old (the search's Classic view). */
export const CLASSIC_AGE_YEARS = 25;

/** A car's body style, transmission and drivetrain: what a buyer filters on first after the make. */
export const BODY_STYLES = [
  'Sedan',
  'Coupe',
  'Convertible',
  'Hatchback',
  'Wagon',
  'SUV',
  'Pickup',
  'Van',
  'Roadster',
] as const;
export type BodyStyle = (typeof BODY_STYLES)[number];
export const TRANSMISSIONS = ['Manual', 'Automatic', 'Dual-clutch', 'CVT'] as const;
export type Transmission = (typeof TRANSMISSIONS)[number];
export const DRIVETRAINS = ['FWD', 'RWD', 'AWD', '4WD'] as const;
export type Drivetrain = (typeof DRIVETRAINS)[number];
/**
 * The palette a colour is filtered on; the seller may add the maker's own name of it ("Rosso
 * Corsa" is Red).
 */
export const COLOURS = [
  'Black',
  'White',
  'Silver',
  'Grey',
  'Red',
  'Blue',
  'Green',
  'Yellow',
  'Orange',
  'Brown',
  'Beige',
  'Gold',
  'Purple',
] as const;
export type Colour = (typeof COLOURS)[number];
export const COLOUR_NAME_MAX = 40;
/** What the title (registration) says of the car's history. */
export const TITLE_STATUSES = ['Clean', 'Salvage', 'Rebuilt', 'Lemon'] as const;
export type TitleStatus = (typeof TITLE_STATUSES)[number];
/**
 * The specification facets of the car search: each one's query parameter and values (the exterior
 * colour's, for `colour`). A car without the value is in none of them (ADR 44). The deal rating
 * (`rating`) is one of them, counted and filtered as they are: every car for sale has one, "none"
 * until the market value has enough comparables (ADR 57).
 */
export const SEARCH_SPEC_FACETS = {
  rating: DEAL_RATINGS,
  body: BODY_STYLES,
  transmission: TRANSMISSIONS,
  drivetrain: DRIVETRAINS,
  colour: COLOURS,
  title: TITLE_STATUSES,
} as const;
export type SearchSpecFacet = keyof typeof SEARCH_SPEC_FACETS;
/** The latest model year of a classic (the search's Classic view) in `year`. */
export const classicYearMax = (year: number = new Date().getFullYear()): number => year - CLASSIC_AGE_YEARS;
export const CAR_TRIM_MAX = 60;
/** A dealer's stock number: their systems' keys are short codes ("P-10482", "24A117"). */
export const CAR_STOCK_NUMBER_MAX = 40;
export const CAR_DOORS_MAX = 6;
export const CAR_SEATS_MAX = 9;
export const PREVIOUS_OWNERS_MAX = 50;
/** A VIN has 17 characters from model year 1981 on; an older car's chassis number is free text up to this. */
export const VIN_LENGTH = 17;
export const VIN_FROM_YEAR = 1981;
export const CHASSIS_NUMBER_MAX = 20;
/** Prices are stored as 32-bit integers of cents; $20,000,000 keeps well inside that. */
export const CAR_PRICE_MAX_CENTS = 2_000_000_000;
/** The lowest price a car may ask ($100): below it a price is a slip (a $0 or $1 car), not an offer. */
export const CAR_PRICE_MIN_CENTS = 10_000;
export const CAR_TOP_SPEED_MAX = 600;
export const CAR_KM_MAX = 5_000_000;
export const CAR_ABOUT_MAX = 5000;

export const PASSWORD_MIN_LENGTH = 7;
/** The test-drive fee in USD cents ($120). */
export const TEST_DRIVE_FEE_CENTS = 12_000;
/**
 * The refundable holding deposit a buyer may pay on a car their accepted offer reserved, in USD cents
 * ($500): refunded when the reservation ends without a sale, kept by the seller when it is sold to them.
 */
export const HOLDING_DEPOSIT_CENTS = 50_000;
/** What a buyer is told before cancelling a test drive; the server applies it (bookings.service.ts). */
export const BUYER_CANCELLATION_POLICY =
  'You can cancel a test drive until the time it starts. A paid fee is refunded in full to your card; once the test drive has started, it can no longer be cancelled.';
export const CURRENCY = 'usd';
export const ABOUT_PREVIEW_LENGTH = 100;
/** The most categories the catalogue holds (a check on their positions, 1 to this, makes it so). */
export const CATEGORIES_MAX = 50;
/** How many categories the home page skips before listing the rest. */
export const HOME_CATEGORY_SKIP = 3;
export const MAX_CAR_PHOTOS = 10;
export const BOOKING_HORIZON_DAYS = 90;
/** A 409 of this code carries the buyer's existing booking of the car as `fields.bookingId`. */
export const BOOKING_ERROR_CODES = { alreadyBooked: 'already_booked' } as const;

export const REPORT_REASONS = [
  'Misleading information',
  'Suspected fraud',
  'Car already sold',
  'Inappropriate content',
  'Other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** Why someone reports a review to the admins (the report dialog lists them on the seller's page). */
export const REVIEW_REPORT_REASONS = ['Not about this seller', 'Offensive', 'Spam', 'Other'] as const;
export type ReviewReportReason = (typeof REVIEW_REPORT_REASONS)[number];
export const REPORT_DETAILS_MAX_LENGTH = 1000;
/** The longest message between a buyer and a seller, an offer's included. */
export const MESSAGE_MAX_LENGTH = 2000;

export const PAGE_SIZE_DEFAULT = 12;
export const PAGE_SIZE_MAX = 50;

/**
 * The orders of the car search (`GET /cars/search`); `relevance` needs search text, `distance` a
 * place (`near`); `best_deal` is the gap of the asking price to the market value, lowest first (ADR 57).
 */
export const SEARCH_SORTS = [
  'relevance',
  'newest',
  'price_asc',
  'price_desc',
  'km_asc',
  'year_desc',
  'distance',
  'best_deal',
] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
/** The distances a search offers around its place (`radius`), in the visitor's unit: miles or km. */
export const SEARCH_RADII = [10, 25, 50, 100, 250, 500] as const;
/** The widest radius a search takes, in either unit. */
export const SEARCH_RADIUS_MAX = 1000;
/** The longest search text, and how many of its words are searched. */
export const SEARCH_TEXT_MAX = 100;
export const SEARCH_WORDS_MAX = 6;
/** How many values one filter (categories, brands) may name. */
export const SEARCH_FILTER_VALUES_MAX = 20;
/** The latest year a search may name: next year's models are on sale before New Year. */
export const SEARCH_YEAR_MAX = 2100;
/** The most searches a buyer keeps, and the longest name of one. */
export const SAVED_SEARCHES_MAX = 20;
export const SAVED_SEARCH_NAME_MAX = 60;
export const SUGGESTIONS_MAX = 8;
/** A card shows "Price dropped" for this long after the asking price went down. */
export const PRICE_DROP_BADGE_DAYS = 14;

/**
 * What a live update (GET /api/notifications/stream, ADR 29) says changed for its user; the event's
 * name. The web app asks again for every list a topic names (app/live-queries.ts).
 */
export const LIVE_TOPICS = ['notifications', 'conversations', 'bookings', 'payments'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

/** A US ZIP code as typed (trimmed): five digits, captured, and a ZIP+4's extension if any ("90210-1234"). */
export const ZIP_CODE_PATTERN = /^(\d{5})(?:[ -]?\d{4})?$/;
