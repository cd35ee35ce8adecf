import type { CancelReason, CarUpdate } from '@redline/shared';

/**
 * Every domain event: its name and what it carries. Payloads are small facts (ids), never rows:
 * a subscriber reads what it needs, and a PostgreSQL NOTIFY carries at most 8000 bytes.
 */
export interface DomainEvents {
  /** A seller posted a car (the demo seed's cars included). */
  'car.posted': { carId: string; sellerId: string };
  /**
   * A car's fields or photos changed, it went back on sale (`relisted`), or an accepted offer
   * reserved it or its reservation ended (`reservation`: nothing else changed); `askingPrice` when
   * its price changed, `vinChanged` when its VIN did; `fields`, those its seller's edit set (absent
   * when something else changed the car).
   */
  'car.updated': {
    carId: string;
    fields?: (keyof CarUpdate)[];
    reservation?: true;
    askingPrice?: { from: number; to: number };
    vinChanged?: true;
    relisted?: true;
  };
  'car.sold': { carId: string };
  /** By its seller, an admin, the deletion of a reported car or of its seller (car-deletion.ts). */
  'car.deleted': { carId: string };
  'car.advertised': { carId: string; advertisementId: string };
  /**
   * The shown make or model of many cars changed at once (the catalogue renamed, merged or deleted
   * theirs, or the cars were mapped to it): whoever keeps copies of the cars' names drops them.
   */
  'cars.renamed': { cars: number };
  /** The market values were fitted again: `cars` for sale valued (modules/market-value). */
  'market-values.refitted': { cars: number };
  /**
   * A refit set or changed the stored deal rating of these cars (at most 100 an event), in the
   * transaction that stores it: a car valued for the first time, or whose price or market moved it.
   */
  'market-values.rated': { carIds: string[] };
  /**
   * The vehicle catalogue changed (vehicles module; the cars follow, in the same transaction). A
   * rename carries the new name; a merge and a delete are published before the entry goes, with
   * what its cars become.
   */
  'vehicle-make.renamed': { makeId: number; name: string };
  'vehicle-model.renamed': { modelId: number; name: string };
  'vehicle-make.merged': { makeId: number; into: { makeId: number; name: string } };
  'vehicle-model.merged': {
    modelId: number;
    into: { makeId: number; make: string; modelId: number; model: string };
  };
  'vehicle-make.deleted': { makeId: number };
  'vehicle-model.deleted': { modelId: number };
  /** A make, a model or an alias came: names cars carry as "other" may now be the catalogue's. */
  'vehicle-catalogue.extended': { makeId: number };
  /** An admin removed an alias of a make or of one of its models (the cars it linked stay linked). */
  'vehicle-alias.removed': { makeId: number };
  /** Categories are only added, by the demo seed. */
  'category.added': { categoryId: string };
  /**
   * A user's name, verification (both show on their cars) or role changed, or the user came or went;
   * a signed-in session shows all of them. `dealer`: the seller's dealer profile was made, changed,
   * verified, revoked or removed (the seller page shows it).
   */
  'user.changed': {
    userId: string;
    change: 'signed-up' | 'updated' | 'verified' | 'role-changed' | 'deleted' | 'dealer';
  };
  /**
   * A session ended before its time: a sign-out, a revocation, the sessions a password change or
   * reset revokes (one event per session; Better Auth deletes the row). The live-updates streams
   * opened with `sessionId` end with it.
   */
  'session.ended': { userId: string; sessionId: string };
  /**
   * A seller joined or left a dealer's team, was removed from it, or was given another role
   * (ADR 65): whom they sell for, and as what, changed; their sessions show it.
   */
  'team.changed': { memberId: string };
  /** A visitor wrote through the contact form. */
  'contact.received': { messageId: string };
  /** A message in a conversation between a buyer and a seller. */
  'message.sent': { messageId: string };
  /** A participant reported a conversation to the admins. */
  'conversation.reported': { reportId: string };
  /** A buyer reviewed the seller of a test drive that took place (modules/reviews). */
  'review.posted': { reviewId: string };
  /** The reviewed seller answered a review. */
  'review.answered': { reviewId: string };
  /** An admin hid a review or showed it again. */
  'review.moderated': { reviewId: string };
  /** These users' conversations changed (a message came, or they read one): their open pages ask again. */
  'conversations.changed': { userIds: string[] };
  /** These users' notifications changed (some made, or read): their open pages ask again. */
  'notifications.changed': { userIds: string[] };
  /** A booking of these users (its buyer and seller) changed, or its payment or refund: their open pages ask again. */
  'bookings.changed': { userIds: string[] };
  /** The payments ledger changed (a payment, a refund asked for or settled): these admins' open pages ask again. */
  'payments.changed': { userIds: string[] };
  /**
   * An offer moved (modules/offers): made, countered, accepted, declined, withdrawn, expired, closed
   * by the car's sale or removal, its reservation released or sold (`moveId` names the move).
   */
  'offer.moved': { offerId: string; moveId: string };
  /**
   * The car an accepted offer reserved is no longer reserved for its buyer: released by the seller,
   * lapsed unconfirmed, sold to someone else or removed (`reason`: its deposit is refunded), or sold
   * to the buyer who confirmed the purchase (`sold-to-buyer`: the seller keeps the deposit).
   */
  'reservation.ended': {
    offerId: string;
    reason: 'released' | 'lapsed' | 'car-sold' | 'car-removed' | 'sold-to-buyer';
  };
  /**
   * A reserved car's reservation ended and its waitlist was emptied: these buyers (at most 100 an
   * event) are told it is for sale again (`sold` false) or sold.
   */
  'waitlist.ended': { carId: string; sold: boolean; buyerIds: string[] };
  /** The buyer paid the holding deposit of the car their accepted offer reserved (modules/payments). */
  'deposit.paid': { offerId: string; paymentId: string };
  'booking.requested': { bookingId: string; carId: string; buyerId: string };
  'booking.paid': { bookingId: string; paymentId: string };
  /** The car's seller agreed to the requested day and time. */
  'booking.accepted': { bookingId: string };
  /** The car's seller said no; a paid booking is refunded. */
  'booking.declined': { bookingId: string };
  /** The car's seller proposed another day and time. */
  'booking.rescheduled': { bookingId: string };
  /** The buyer took the day and time the seller proposed. */
  'booking.proposal-accepted': { bookingId: string };
  /**
   * Called off by its buyer or an admin, or by the car's sale or removal (`reason`); `cancelledBy`
   * is the user whose act it was, null when their account has gone. A paid booking is refunded:
   * `isPaid` as the booking's row said under the cancellation's lock (a payment is recorded with its
   * booking marked paid, under the same lock), so an unpaid one's refund reads nothing.
   */
  'booking.cancelled': {
    bookingId: string;
    cancelledBy: string | null;
    reason: CancelReason;
    isPaid: boolean;
  };
  /**
   * An admin is about to delete a seller's car: after upholding its reports (`reported`), or
   * directly. Published before the deletion, so that its reactions read the car.
   */
  'car.removed-by-admin': { carId: string; reported: boolean };
  /**
   * A refund of a payment was asked for (the job queue makes it after the change commits): of a
   * booking's fee (`bookingId`) or of an offer's holding deposit (`offerId`).
   */
  'refund.requested': {
    refundId: string;
    bookingId: string | null;
    offerId: string | null;
    requestedBy: string | null;
  };
  /**
   * New cars matched a saved search: one at once (an instant search), or a day's (the daily
   * digest: `count` of them, the first few named).
   */
  'saved-search.matched': { savedSearchId: string; carIds: string[]; count: number };
  /** The payment provider made the refund of the booking's or the deposit's payment (`amount` in cents). */
  'refund.succeeded': { refundId: string; bookingId: string | null; offerId: string | null; amount: number };
  /** The payment provider refused the refund of the booking's or the deposit's payment (an admin may try again). */
  'refund.failed': { refundId: string; bookingId: string | null; offerId: string | null };
}

export type EventName = keyof DomainEvents;

/**
 * Every change of the vehicle catalogue's names: what a copy of them (the search's, ADR 45) is read
 * again on.
 */
export const VEHICLE_CATALOGUE_EVENTS = [
  'vehicle-catalogue.extended',
  'vehicle-make.renamed',
  'vehicle-model.renamed',
  'vehicle-make.merged',
  'vehicle-model.merged',
  'vehicle-make.deleted',
  'vehicle-model.deleted',
  'vehicle-alias.removed',
] as const satisfies EventName[];
