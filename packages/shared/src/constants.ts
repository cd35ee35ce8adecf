/** Business constants of Redline (spec section 9), shared by server and browser. */
export const FUELS = ['Petrol', 'Diesel', 'Electric', 'Hybrid'] as const;
export type Fuel = (typeof FUELS)[number];

export const ROLES = ['Buyer', 'Seller', 'Admin'] as const;
export type Role = (typeof ROLES)[number];
/** Roles a person may pick at sign-up; admins are made by an operator. */
export const SIGN_UP_ROLES = ['Buyer', 'Seller'] as const;
export type SignUpRole = (typeof SIGN_UP_ROLES)[number];

export const CAR_YEAR_MIN = 1999;
/** The year range ends at the current year (a deliberate deviation from the spec's 2022). */
export const carYearMax = (): number => new Date().getFullYear();

export const PASSWORD_MIN_LENGTH = 7;
/** The test-drive fee in USD cents ($120). */
export const TEST_DRIVE_FEE_CENTS = 12_000;
export const CURRENCY = 'usd';
export const ABOUT_PREVIEW_LENGTH = 100;
/** How many categories the home page skips before listing the rest. */
export const HOME_CATEGORY_SKIP = 3;
export const MAX_CAR_PHOTOS = 10;
export const BOOKING_HORIZON_DAYS = 90;

export const PAGE_SIZE_DEFAULT = 12;
export const PAGE_SIZE_MAX = 50;
