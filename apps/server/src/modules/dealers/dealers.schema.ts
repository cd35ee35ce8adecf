/** The dealers module's tables (ADR 63). */
import { COUNTRIES, DEALER_VERIFICATION_ACTIONS, type OpeningHours, TEAM_ROLES } from '@redline/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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

/**
 * A dealer's team (ADR 65): each member is another seller account, in one team at most, acting for
 * the dealer's account (`dealer_id`) as a manager or a salesperson. Removing the row ends it; what
 * the member did is the dealer's already (its rows name the dealer).
 */
export const dealerMembers = pgTable(
  'dealer_members',
  {
    memberId: text('member_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    dealerId: text('dealer_id')
      .notNull()
      .references(() => dealerProfiles.sellerId, { onDelete: 'cascade' }),
    role: text('role', { enum: TEAM_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('dealer_members_dealer_idx').on(t.dealerId),
    check('dealer_members_role_check', sql`${t.role} in ('manager', 'salesperson')`),
    check('dealer_members_not_self_check', sql`${t.memberId} <> ${t.dealerId}`),
  ],
);

/**
 * Pending invitations to a dealer's team, one per address and dealer (a new one replaces it). Only
 * the link's token's SHA-256 is kept; accepting or revoking deletes the row, so a used or revoked
 * link is unknown (404) and an expired one is a 410 until the dealer re-invites or revokes.
 */
export const dealerInvitations = pgTable(
  'dealer_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealerId: text('dealer_id')
      .notNull()
      .references(() => dealerProfiles.sellerId, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: TEAM_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('dealer_invitations_token_idx').on(t.tokenHash),
    uniqueIndex('dealer_invitations_email_idx').on(t.dealerId, t.email),
    check('dealer_invitations_role_check', sql`${t.role} in ('manager', 'salesperson')`),
  ],
);
