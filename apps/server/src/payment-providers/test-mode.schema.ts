/** The tables of the built-in test-mode payment provider (test-mode-provider.ts). */
import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../db/columns.ts';

/** Payment intents of the built-in test-mode provider, kept like a provider keeps them. */
export const paymentIntents = pgTable('payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull().unique(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  status: text('status').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  idempotencyKey: text('idempotency_key').unique(),
  lastError: text('last_error'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Refunds of the built-in test-mode provider, kept like a provider keeps them. */
export const paymentIntentRefunds = pgTable('payment_intent_refunds', {
  id: text('id').primaryKey(),
  intentId: text('intent_id')
    .notNull()
    .references(() => paymentIntents.id),
  amount: integer('amount').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: createdAt(),
});
