/**
 * The built-in test-mode provider: keeps payment intents in the database like a provider would
 * and confirms them by Stripe's test-card rules. No money moves.
 */
import { randomBytes } from 'node:crypto';
import type { TestCard } from '@redline/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { paymentIntentRefunds, paymentIntents } from '../db/schema.ts';
import { AppError, notFound } from '../errors.ts';
import type { CreateIntentInput, PaymentProvider, ProviderIntent, RefundInput } from './payment-provider.ts';
import { checkTestCard } from './test-cards.ts';

type IntentRow = typeof paymentIntents.$inferSelect;

const randomToken = () => randomBytes(18).toString('base64url').replace(/[-_]/g, '').slice(0, 24);

export class TestModeProvider implements PaymentProvider {
  readonly name = 'test' as const;

  private readonly db: Db;
  private readonly now: () => Date;

  constructor(db: Db, now: () => Date = () => new Date()) {
    this.db = db;
    this.now = now;
  }

  async createIntent(input: CreateIntentInput) {
    const id = `pi_test_${randomToken()}`;
    await this.db
      .insert(paymentIntents)
      .values({
        id,
        clientSecret: `${id}_secret_${randomToken()}`,
        amount: input.amount,
        currency: input.currency,
        status: 'requires_payment_method',
        metadata: { ...input.paidFor, buyerId: input.buyerId },
        idempotencyKey: input.idempotencyKey,
      })
      .onConflictDoNothing({ target: paymentIntents.idempotencyKey });
    const row = await this.db.query.paymentIntents.findFirst({
      where: eq(paymentIntents.idempotencyKey, input.idempotencyKey),
    });
    if (!row) throw new Error('test-mode intent vanished after insert');
    return { id: row.id, clientSecret: row.clientSecret };
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | undefined> {
    const row = await this.db.query.paymentIntents.findFirst({ where: eq(paymentIntents.id, id) });
    return row && toProviderIntent(row);
  }

  async findByClientSecret(clientSecret: string): Promise<ProviderIntent | undefined> {
    const row = await this.db.query.paymentIntents.findFirst({
      where: eq(paymentIntents.clientSecret, clientSecret),
    });
    return row && toProviderIntent(row);
  }

  /**
   * Charges the card against the intent; a failed card leaves it ready for another attempt,
   * as Stripe does. Confirming a succeeded intent again charges nothing and answers success.
   */
  async confirm(intentId: string, card: TestCard): Promise<{ id: string; status: 'succeeded' }> {
    const intent = await this.retrieveIntent(intentId);
    if (!intent) throw notFound('The payment');
    if (intent.status === 'succeeded') return { id: intent.id, status: 'succeeded' };

    const failure = checkTestCard(card, this.now());
    const notYetSucceeded = and(eq(paymentIntents.id, intent.id), ne(paymentIntents.status, 'succeeded'));
    if (failure) {
      await this.db
        .update(paymentIntents)
        .set({ status: 'requires_payment_method', lastError: failure.message })
        .where(notYetSucceeded);
      throw new AppError(402, failure.code, failure.message);
    }
    await this.db.update(paymentIntents).set({ status: 'succeeded', lastError: null }).where(notYetSucceeded);
    return { id: intent.id, status: 'succeeded' };
  }

  /**
   * Gives back a succeeded intent's money, as Stripe does: never more than was paid, and a key used
   * before answers its first refund. The intent's row is locked, so two refunds cannot both fit.
   */
  async refund(input: RefundInput): Promise<{ id: string; status: 'succeeded' }> {
    return this.db.transaction(async (tx) => {
      const [intent] = await tx
        .select()
        .from(paymentIntents)
        .where(eq(paymentIntents.id, input.intentId))
        .for('update');
      if (!intent) throw notFound('The payment');
      const [earlier] = await tx
        .select({ id: paymentIntentRefunds.id })
        .from(paymentIntentRefunds)
        .where(eq(paymentIntentRefunds.idempotencyKey, input.idempotencyKey));
      if (earlier) return { id: earlier.id, status: 'succeeded' };
      if (intent.status !== 'succeeded') throw new Error(`intent ${intent.id} has taken no money to refund`);
      const [refunded] = await tx
        .select({ amount: sql<number>`coalesce(sum(${paymentIntentRefunds.amount}), 0)::int` })
        .from(paymentIntentRefunds)
        .where(eq(paymentIntentRefunds.intentId, intent.id));
      if ((refunded?.amount ?? 0) + input.amount > intent.amount)
        throw new Error(`refund of ${input.amount} exceeds what is left of intent ${intent.id}`);
      const id = `re_test_${randomToken()}`;
      await tx.insert(paymentIntentRefunds).values({
        id,
        intentId: intent.id,
        amount: input.amount,
        idempotencyKey: input.idempotencyKey,
      });
      return { id, status: 'succeeded' };
    });
  }
}

function toProviderIntent(row: IntentRow): ProviderIntent {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    metadata: row.metadata,
  };
}
