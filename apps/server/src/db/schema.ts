/**
 * The one PostgreSQL schema of Redline, for PGlite and PostgreSQL alike: every table, gathered from
 * the schema file of the code that owns it (ADR 37). drizzle-kit reads this file to write the
 * migrations, and the database client to type its queries; code below the modules that reads records
 * of several (access/, seed/), the tests and the benchmarks import tables from here. A module imports
 * only its own `<domain>.schema.ts` (biome.json).
 */
export * from '../auth/auth.schema.ts';
export * from '../modules/advertisements/advertisements.schema.ts';
export * from '../modules/bookings/bookings.schema.ts';
export * from '../modules/cars/cars.schema.ts';
export * from '../modules/categories/categories.schema.ts';
export * from '../modules/contact/contact.schema.ts';
export * from '../modules/conversations/conversations.schema.ts';
export * from '../modules/dealers/dealers.schema.ts';
export * from '../modules/inventory-import/inventory-import.schema.ts';
export * from '../modules/listing-stats/listing-stats.schema.ts';
export * from '../modules/market-value/market-value.schema.ts';
export * from '../modules/notifications/notifications.schema.ts';
export * from '../modules/offers/offers.schema.ts';
export * from '../modules/payments/payments.schema.ts';
export * from '../modules/photos/photos.schema.ts';
export * from '../modules/reports/reports.schema.ts';
export * from '../modules/reviews/reviews.schema.ts';
export * from '../modules/saved-cars/saved-cars.schema.ts';
export * from '../modules/saved-searches/saved-searches.schema.ts';
export * from '../modules/search/search.schema.ts';
export * from '../modules/vehicles/vehicles.schema.ts';
export * from '../payment-providers/test-mode.schema.ts';
export * from '../rate-limits/rate-limits.schema.ts';
