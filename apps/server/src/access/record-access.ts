/**
 * Record-level access: the one check of whether this actor may do this to this record (immich's
 * `requireAccess` is the model). The route's `config.access` (access.ts) has already admitted the
 * actor's role; every service asks here before it reads or changes a record it did not scope to
 * the actor itself, and this loads what the decision needs.
 *
 * 403 or 404, the one rule: a refusal never tells the actor that something exists which they may
 * not see.
 * - A record the actor may not see (another buyer's booking or payment, another user's account)
 *   answers 404, word for word the answer for a record that does not exist.
 * - A record the actor may see but not change (a car: every signed-in user may view one) answers 403.
 * - A list named by someone else's e-mail answers 403, decided from the request alone before
 *   anything is looked up, so it is the same whether that account exists. An admin may read any
 *   list; for an admin an e-mail without such an account answers 404.
 * A new check is one more permission below, its status decided by this rule.
 *
 * A seller acts for one account (ADR 65): their own, or, in a dealer's team, the dealer's. Every
 * rule that asks whether a record is the actor's as its seller asks `sellsAs`, never the actor's
 * own id; the team role decides what beyond the listings and leads they may do (`SELLING_RULES`).
 */
import type { SellingRole, SellsFor, SessionUser, User } from '@redline/shared';
import type { AppContext } from '../context.ts';
import type { Db, Statements, Tx } from '../db/client.ts';
import { forbidden, notFound } from '../errors.ts';
import * as repo from './record-access.repository.ts';

/** The signed-in user a check is made for: who they are, and the account they sell for. */
export type Actor = SessionUser;

interface RecordRule<R> {
  /** The record's name in a 404 ("The car"). */
  name: string;
  load(statements: Statements, db: Db | Tx, id: string): Promise<R | undefined>;
  /** Whether the actor may see the record; when not, the answer is the 404 of a missing one. */
  sees(actor: Actor, record: R): boolean;
  /** Why the actor, who sees the record, may not do this (a 403); undefined when they may. */
  refusal?(actor: Actor, record: R): string | undefined;
}

type Car = NonNullable<Awaited<ReturnType<typeof repo.carAccess>>>;
type Booking = NonNullable<Awaited<ReturnType<typeof repo.bookingAccess>>>;
type LockedBooking = NonNullable<Awaited<ReturnType<typeof repo.lockedBookingAccess>>>;
type PaymentIntent = NonNullable<Awaited<ReturnType<typeof repo.paymentIntentAccess>>>;
type Account = NonNullable<Awaited<ReturnType<typeof repo.userAccess>>>;
type Conversation = NonNullable<Awaited<ReturnType<typeof repo.conversationAccess>>>;
type SavedSearch = NonNullable<Awaited<ReturnType<typeof repo.savedSearchAccess>>>;
type Offer = NonNullable<Awaited<ReturnType<typeof repo.offerAccess>>>;
type Review = NonNullable<Awaited<ReturnType<typeof repo.reviewAccess>>>;
type DealerAccount = NonNullable<Awaited<ReturnType<typeof repo.dealerAccess>>>;
type InventoryImport = NonNullable<Awaited<ReturnType<typeof repo.inventoryImportAccess>>>;

const isAdmin = (actor: Actor) => actor.role === 'Admin';

/**
 * The account the actor acts as: for a seller, the one they sell for (their own, or their dealer's);
 * for anyone else, their own. What a seller's call makes (a car, a message, an offer's move) is that
 * account's, and their lists (cars, test drives, conversations, offers, figures) are its.
 */
export const actingAs = (actor: Actor): string => actor.sellsFor?.sellerId ?? actor.id;
/** Whether the actor sells for the seller account `sellerId`, in any role. */
const sellsAs = (actor: Actor, sellerId: string | null) =>
  sellerId !== null && actor.sellsFor?.sellerId === sellerId;
/** Whether the actor sells for `sellerId` as its owner or a manager: all the dealer does, not only listings and leads. */
const managesFor = (actor: Actor, sellerId: string | null) =>
  sellsAs(actor, sellerId) && actor.sellsFor?.role !== 'salesperson';

/** Every signed-in user may view any car, sold ones included. */
const car = { name: 'The car', load: repo.carAccess, sees: () => true } satisfies RecordRule<Car>;
/** A booking is its buyer's and its car's seller's, and the admins'. */
const booking = {
  name: 'The booking',
  load: repo.bookingAccess,
  sees: (actor, b) => isAdmin(actor) || b.buyerId === actor.id || sellsAs(actor, b.sellerId),
} satisfies RecordRule<Booking>;
/** A seller in a team takes part as the dealer, on either side (a dealer may ask about another's car). */
const isParticipant = (actor: Actor, c: Conversation) =>
  c.buyerId === actingAs(actor) || c.sellerId === actingAs(actor);
/**
 * A conversation is its two people's, to read and to write in: admins do not read private
 * messages, unless one of the two reported it (until the admins dismiss the reports), and never write.
 */
const conversation = {
  name: 'The conversation',
  load: repo.conversationAccess,
  sees: isParticipant,
} satisfies RecordRule<Conversation>;
/**
 * An offer is its buyer's and its car's seller's, to read and to move (whose turn it is, the
 * offers module decides); admins do not read them, as they do not read conversations.
 */
const offer = {
  name: 'The offer',
  load: repo.offerAccess,
  sees: (actor, o) => o.buyerId === actor.id || sellsAs(actor, o.sellerId),
} satisfies RecordRule<Offer>;
/**
 * A review is public, except a hidden one: only its author and the admins see that (ADR 64); its
 * seller, who may not see it, cannot answer or report it.
 */
const review = {
  name: 'The review',
  load: repo.reviewAccess,
  sees: (actor, r) => !r.hidden || isAdmin(actor) || r.buyerId === actor.id,
} satisfies RecordRule<Review>;
/** Why a member of the dealer's team may not handle its inventory: a salesperson's role stops short of it. */
const inventoryRefusal = (actor: Actor) =>
  actor.sellsFor?.role === 'salesperson'
    ? "Only the dealer's owner or a manager can import its inventory."
    : undefined;
/**
 * A dealer's inventory (its imports, its feed's key) is the dealer account's, handled by its owner and
 * managers (ADR 65, 66); a private seller has none to import into. Named by the dealer's account id.
 */
const dealerInventory = {
  name: 'The dealer',
  load: (_statements, db, sellerId) => repo.dealerAccess(db, sellerId),
  sees: (actor, d) => sellsAs(actor, d.sellerId),
  refusal: (actor, d) =>
    d.isDealer
      ? inventoryRefusal(actor)
      : 'Only dealers can import inventory: add your dealer profile first.',
} satisfies RecordRule<DealerAccount>;
/** An inventory import is its dealer's, as their inventory is. */
const inventoryImport = {
  name: 'The import',
  load: repo.inventoryImportAccess,
  sees: (actor, i) => sellsAs(actor, i.dealerId),
  refusal: inventoryRefusal,
} satisfies RecordRule<InventoryImport>;
/** An account is its user's and the admins'. */
const account = {
  name: 'The user',
  load: (_statements, db, email) => repo.userAccess(db, email),
  sees: (actor, user) => isAdmin(actor) || user.id === actor.id,
} satisfies RecordRule<Account>;

const RECORD_RULES = {
  'car.update': {
    ...car,
    refusal: (actor, c) => (sellsAs(actor, c.sellerId) ? undefined : 'You can only edit your own cars.'),
  } satisfies RecordRule<Car>,
  'car.advertise': {
    ...car,
    refusal: (actor, c) => (sellsAs(actor, c.sellerId) ? undefined : 'You can only advertise your own cars.'),
  } satisfies RecordRule<Car>,
  'car.delete': {
    ...car,
    refusal: (actor, c) =>
      isAdmin(actor) || sellsAs(actor, c.sellerId) ? undefined : 'You can only delete your own cars.',
  } satisfies RecordRule<Car>,
  /** What selling or deleting the car would do to its test drives: its seller's to know. */
  'car.bookings': {
    ...car,
    refusal: (actor, c) =>
      sellsAs(actor, c.sellerId) ? undefined : "Only the car's seller can see its test drives.",
  } satisfies RecordRule<Car>,
  /** A listing's figures (views, leads, how it fares): its seller's alone. */
  'car.stats': {
    ...car,
    refusal: (actor, c) =>
      sellsAs(actor, c.sellerId) ? undefined : "Only the car's seller can see its figures.",
  } satisfies RecordRule<Car>,
  'booking.read': booking,
  /** Checked inside the cancellation's transaction, which the lock on the booking lasts for. */
  'booking.cancel': {
    ...booking,
    load: repo.lockedBookingAccess,
    refusal: (actor, b) =>
      isAdmin(actor) || b.buyerId === actor.id ? undefined : "Only the booking's buyer can cancel it.",
  } satisfies RecordRule<LockedBooking>,
  /** The seller's answer to a request (accept, decline, propose another time), inside its transaction. */
  'booking.respond': {
    ...booking,
    load: repo.lockedBookingAccess,
    refusal: (actor, b) =>
      sellsAs(actor, b.sellerId) ? undefined : "Only the car's seller can answer a request.",
  } satisfies RecordRule<LockedBooking>,
  /** Taking the time the seller proposed, inside its transaction. */
  'booking.agree': {
    ...booking,
    load: repo.lockedBookingAccess,
    refusal: (actor, b) =>
      b.buyerId === actor.id ? undefined : "Only the booking's buyer can take the proposed time.",
  } satisfies RecordRule<LockedBooking>,
  'booking.pay': {
    ...booking,
    refusal: (actor, b) => (b.buyerId === actor.id ? undefined : "Only the booking's buyer can pay for it."),
  } satisfies RecordRule<Booking>,
  /** A test-mode payment, named by its client secret: only the buyer it was made for may confirm it. */
  'payment.confirm': {
    name: 'The payment',
    load: repo.paymentIntentAccess,
    sees: (actor, intent) => intent.buyerId === actor.id,
  } satisfies RecordRule<PaymentIntent>,
  /** Reviewing the seller of a test drive: its buyer only, inside the review's transaction. */
  'booking.review': {
    ...booking,
    load: repo.lockedBookingAccess,
    refusal: (actor, b) => (b.buyerId === actor.id ? undefined : "Only the booking's buyer can review it."),
  } satisfies RecordRule<LockedBooking>,
  'conversation.read': {
    ...conversation,
    sees: (actor, c) => isParticipant(actor, c) || (isAdmin(actor) && c.reported),
  } satisfies RecordRule<Conversation>,
  'conversation.write': conversation,
  /** Reporting it: its participants only. */
  'conversation.report': conversation,
  'offer.read': offer,
  'offer.move': offer,
  'offer.pay': {
    ...offer,
    refusal: (actor, o) =>
      o.buyerId === actor.id ? undefined : "Only the offer's buyer can pay the deposit on its reservation.",
  } satisfies RecordRule<Offer>,
  /** An answer is the dealer's public word: its owner's or a manager's, not a salesperson's. */
  'review.answer': {
    ...review,
    refusal: (actor, r) =>
      managesFor(actor, r.sellerId) ? undefined : 'Only the reviewed seller can answer a review.',
  } satisfies RecordRule<Review>,
  /** Anyone who sees a review may report it. */
  'review.report': review,
  'review.moderate': review,
  /** A saved search is its buyer's alone (admins included, nobody else learns of it). Inside its transaction. */
  'savedSearch.manage': {
    name: 'The saved search',
    load: repo.savedSearchAccess,
    sees: (actor, search) => search.buyerId === actor.id,
  } satisfies RecordRule<SavedSearch>,
  /** Uploading, previewing and listing imports, and the feed's key: the dealer's. */
  'dealer.import': dealerInventory,
  /** Revoking the feed's key: also once the account went back to selling privately (nothing to import). */
  'dealer.revokeKey': { ...dealerInventory, refusal: inventoryRefusal } satisfies RecordRule<DealerAccount>,
  /** Reading an import, its rows, and committing it: its dealer's. */
  'import.manage': inventoryImport,
  'user.read': account,
  'user.delete': {
    ...account,
    refusal: (actor, user) => {
      if (user.id === actor.id) return 'You cannot delete your own account here.';
      if (user.role === 'Admin') return 'Admin accounts cannot be deleted.';
      return undefined;
    },
  } satisfies RecordRule<Account>,
};

/** Lists named by their owner's e-mail: the owner's role, and what another user is told. */
const LIST_RULES = {
  'seller.cars': { role: 'Seller', refusal: 'You can only list your own cars.' },
  'seller.bookings': { role: 'Seller', refusal: 'You can only see your own list.' },
  'buyer.bookings': { role: 'Buyer', refusal: 'You can only see your own list.' },
  'buyer.savedCars': { role: 'Buyer', refusal: 'You can only see your own list.' },
} as const;

/** The account a user sells for (a seller's own, or their dealer's), for their session; null for buyers and admins. */
export function sellsForOf(db: Db, user: Pick<User, 'id' | 'role'>): Promise<SellsFor | null> {
  return user.role === 'Seller' ? repo.sellingFor(db, user.id) : Promise.resolve(null);
}

/**
 * What a seller does for the account they sell for beyond its listings and leads, and the roles
 * that may (ADR 65): the dealer's profile and its team are its owner's and managers'.
 */
const SELLING_RULES = {
  'dealer.profile': {
    roles: ['owner', 'manager'],
    refusal: "Only the dealer's owner or a manager can change its profile.",
  },
  'dealer.team': {
    roles: ['owner', 'manager'],
    refusal: "Only the dealer's owner or a manager can manage its team.",
  },
} as const satisfies Record<string, { roles: readonly SellingRole[]; refusal: string }>;

/**
 * The account the seller sells for, once their role there may do `permission` (a 403 when not);
 * what they change is that account's. The route admits sellers only.
 */
export function requireSelling(actor: Actor, permission: keyof typeof SELLING_RULES): SellsFor {
  const rule = SELLING_RULES[permission];
  const sellsFor = actor.sellsFor;
  if (!sellsFor || !(rule.roles as readonly SellingRole[]).includes(sellsFor.role))
    throw forbidden(rule.refusal);
  return sellsFor;
}

type RecordPermission = keyof typeof RECORD_RULES;
type ListPermission = keyof typeof LIST_RULES;
export type Permission = RecordPermission | ListPermission;

/** The owner of a list, once the actor may read it. */
export type ListOwner = Pick<User, 'id' | 'name' | 'email'>;

/** What a granted check hands back: the record as the check loaded it, or the list's owner. */
export type Granted<P extends Permission> = P extends RecordPermission
  ? NonNullable<Awaited<ReturnType<(typeof RECORD_RULES)[P]['load']>>>
  : ListOwner;

/**
 * Throws the 404 or 403 of the rule above unless `actor` may do `permission` to the record `id`
 * (a user's e-mail for user and list permissions, the client secret for a test-mode payment).
 * Given `tx`, the record is loaded inside that transaction (a rule that locks it holds it until then).
 */
export async function requireAccess<P extends Permission>(
  context: Pick<AppContext, 'database'>,
  actor: Actor,
  request: { permission: P; id: string; tx?: Tx },
): Promise<Granted<P>> {
  const { permission, id } = request;
  const { db } = context.database;
  if (isListPermission(permission))
    return (await listOwner(db, actor, LIST_RULES[permission], id)) as Granted<P>;
  const rule: RecordRule<unknown> = RECORD_RULES[permission as RecordPermission];
  const record = await rule.load(context.database.statements, request.tx ?? db, id);
  if (record === undefined || !rule.sees(actor, record)) throw notFound(rule.name);
  const refusal = rule.refusal?.(actor, record);
  if (refusal) throw forbidden(refusal);
  return record as Granted<P>;
}

const isListPermission = (permission: Permission): permission is ListPermission => permission in LIST_RULES;

async function listOwner(
  db: Db,
  actor: Actor,
  rule: (typeof LIST_RULES)[ListPermission],
  email: string,
): Promise<ListOwner> {
  if (!isAdmin(actor)) {
    // The route admits only the list's role: one's own list is the only readable one.
    if (actor.email !== email) throw forbidden(rule.refusal);
    // A team member's list is their dealer's.
    return { id: actingAs(actor), name: actor.name, email: actor.email };
  }
  const owner = await repo.userAccess(db, email, rule.role);
  if (!owner) throw notFound(`The ${rule.role.toLowerCase()}`);
  return owner;
}
