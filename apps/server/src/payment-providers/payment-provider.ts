/**
 * The one payment-provider interface: Stripe when its keys are configured, otherwise the
 * built-in test mode, so a fresh install can run the whole payment journey.
 */
import type { PaymentProviderName, RefundStatus } from '@redline/shared';

export interface CreateIntentInput {
  /** What it pays for, kept in the intent's metadata with the buyer: a booking, or an offer's deposit. */
  paidFor: { bookingId: string } | { offerId: string };
  buyerId: string;
  /** What the buyer's statement and the provider's dashboard call it. */
  description: string;
  amount: number;
  currency: string;
  /** The same key returns the same intent, so a booking never gets two. */
  idempotencyKey: string;
}

export interface ProviderIntent {
  id: string;
  status: string;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
}

export interface RefundInput {
  /** The payment intent whose money goes back. */
  intentId: string;
  amount: number;
  /** The same key makes no second refund: it answers the first. */
  idempotencyKey: string;
}

/** A verified webhook event, reduced to what Redline acts on. */
export interface ProviderEvent {
  type: string;
  intent?: { id: string; metadata: Record<string, string> };
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** What the browser needs to load the provider's card form, if anything. */
  readonly publishableKey?: string;
  createIntent(input: CreateIntentInput): Promise<{ id: string; clientSecret: string }>;
  /** Undefined when the provider knows no intent with this id. */
  retrieveIntent(id: string): Promise<ProviderIntent | undefined>;
  /**
   * Gives a succeeded payment's money back. Throws when the provider cannot be reached or refuses
   * the call (tried again later); answers `failed` when it took the call but the refund failed.
   */
  refund(input: RefundInput): Promise<{ id: string; status: RefundStatus }>;
  /** Present only when signed webhooks are configured; throws when the signature does not verify. */
  readonly webhooks?: { parseEvent(rawBody: Buffer, signature: string): ProviderEvent };
}
