/**
 * What a holding deposit reads and locks of its offer: the offers module's (`paymentOffers` on its
 * surface). It imports this module (an offer shows its deposit), so the app hands it to this one
 * (`paymentsModule` in index.ts; ADR 37), as it hands the bookings'.
 */
import type { OfferStatus } from '@redline/shared';
import type { Db, Tx } from '../../db/client.ts';

export interface PaymentOffers {
  /** The buyer's offer, with what a payment copies of it, in one statement; undefined when it is not theirs. */
  findOfBuyer(
    db: Db,
    offerId: string,
    buyerId: string,
  ): Promise<
    { id: string; status: OfferStatus; carName: string; sellerEmail: string; buyerEmail: string } | undefined
  >;
  /** The buyer's offer, locked until the transaction ends (a move of it waits); undefined when it is not theirs. */
  lockOfBuyer(tx: Tx, offerId: string, buyerId: string): Promise<{ status: OfferStatus } | undefined>;
  /** Locks the offer until the transaction ends (an admin's refund of its deposit); false when it does not exist. */
  lock(tx: Tx, offerId: string): Promise<boolean>;
}
