/**
 * What a payment reads and changes of its booking: the bookings module's (`paymentBookings` on its
 * surface). It imports this module, so the app hands it to this one (`paymentsModule` in index.ts;
 * ADR 37).
 */
import type { StoredBookingStatus } from '@redline/shared';
import type { Db, Tx } from '../../db/client.ts';

/** A booking as a payment's rules read it: its lifecycle, whether it is paid, whether its car has been sold. */
export interface BookingToPay {
  isPaid: boolean;
  carId: string | null;
  status: StoredBookingStatus;
  requestedDate: string;
  requestedTime: string;
  /** False while the car is on sale, and when it is gone. */
  carSold: boolean;
}

export interface PaymentBookings {
  /** The buyer's booking, with what a payment copies of it, in one statement; undefined when it is not theirs. */
  findOfBuyer(
    db: Db,
    bookingId: string,
    buyerId: string,
  ): Promise<
    (BookingToPay & { id: string; carName: string; sellerEmail: string; buyerEmail: string }) | undefined
  >;
  /**
   * The buyer's booking, locked until the transaction ends (a cancellation, a sale's cancellation or
   * the seller's answer waits); undefined when it is not theirs.
   */
  lockOfBuyer(tx: Tx, bookingId: string, buyerId: string): Promise<BookingToPay | undefined>;
  /** Locks the booking until the transaction ends (a refund's); false when it does not exist. */
  lock(tx: Tx, bookingId: string): Promise<boolean>;
  /** Marks the booking paid, inside the transaction that records its payment. */
  markPaid(tx: Tx, bookingId: string): Promise<void>;
}
