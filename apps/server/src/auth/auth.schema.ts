/**
 * Better Auth's tables (users, sessions, accounts, verifications), owned by auth/: Better Auth writes
 * them, and a user row is at once the sign-in identity and the marketplace user of the spec.
 */

import { COUNTRIES } from '@redline/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../db/columns.ts';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role', { enum: ['Buyer', 'Seller', 'Admin'] })
      .notNull()
      .default('Buyer'),
    isVerified: boolean('is_verified').notNull().default(false),
    /**
     * The verified name its owner has changed since: set, the admin lists ask to re-verify. A rename
     * of a verified user clears isVerified and sets this in the same statement (the trigger of
     * migration 0002), whichever code path changes the name.
     */
    renamedFrom: text('renamed_from'),
    /** Demo rows are owned by the seed; the seed refuses to touch a database with other rows. */
    isDemo: boolean('is_demo').notNull().default(false),
    /**
     * A seller's default location (postalCodeSchema): the post form starts from it. The city and
     * region are derived from it where shown (places/gazetteer.ts).
     */
    postalCode: text('postal_code'),
    country: text('country', { enum: COUNTRIES }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('Buyer', 'Seller', 'Admin')`),
    check('users_location_check', sql`(${t.postalCode} is null) = (${t.country} is null)`),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    index('users_role_idx').on(t.role, t.createdAt, t.id),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true, precision: 3 }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true, precision: 3 }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);
