/** The dealers module's tables (ADR 63). */
import { COUNTRIES, DEALER_VERIFICATION_ACTIONS, type OpeningHours } from '@redline/shared';
import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema.ts';
import { createdAt, updatedAt } from '../../db/columns.ts';

/**
 * A seller account's business, one at most: the account is the dealer (its cars keep `seller_id` =
 * that account; team members, later, act for it). The place is what the gazetteer gave the ZIP code.
 */
export const dealerProfiles = pgTable(
  'dealer_profiles',
  {
    sellerId: text('seller_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessName: text('business_name').notNull(),
    /** A photo of the photos module, uploaded by the seller; its cleanup keeps it while it is here. */
    logoKey: text('logo_key'),
    street: text('street').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country', { enum: COUNTRIES }).notNull(),
    city: text('city').notNull(),
    region: text('region').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    hours: jsonb('hours').$type<OpeningHours>().notNull(),
    phone: text('phone').notNull(),
    website: text('website'),
    about: text('about').notNull().default(''),
    verifiedAt: timestamp('verified_at', { withTimezone: true, precision: 3 }),
    verifiedBy: text('verified_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('dealer_profiles_logo_idx').on(t.logoKey),
    check('dealer_profiles_verified_by_check', sql`${t.verifiedBy} is null or ${t.verifiedAt} is not null`),
  ],
);

/**
 * Every change of a dealer's verification, appended and never changed: an admin's verification or
 * revocation, or a drop (the business name or address changed, or the dealer went private). Kept
 * by the seller's account, so that it outlives a dealer profile removed and made again.
 */
export const dealerVerifications = pgTable(
  'dealer_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    adminId: text('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: DEALER_VERIFICATION_ACTIONS }).notNull(),
    note: text('note').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('dealer_verifications_seller_idx').on(t.sellerId, t.createdAt),
    check('dealer_verifications_action_check', sql`${t.action} in ('verified', 'revoked', 'dropped')`),
  ],
);
