/**
 * Offers (issue 48): a buyer offers an amount for a car, its seller accepts, declines or counters,
 * the buyer accepts a counter, counters again or withdraws; an accepted offer reserves the car.
 */
import { z } from 'zod';
import { multiLineText } from './common.ts';
import { MESSAGE_MAX_LENGTH } from './constants.ts';
import { formatMoney } from './format.ts';
import { REFUND_STATUSES } from './payments.ts';

/**
 * The moves that end an offer's open state, each named as the status it leaves the offer in:
 * `accepted`, the car reserved for its buyer, until the seller `released` the car, the reservation
 * `lapsed` with the purchase unconfirmed, or the car was `sold` to the buyer; `declined` by the
 * seller (or because the car was reserved for another buyer), `withdrawn` by the buyer, `expired`
 * unanswered, `closed` when the car was sold or removed while it was open (or reserved).
 */
const ENDING_MOVES = [
  'accepted',
  'declined',
  'withdrawn',
  'expired',
  'closed',
  'released',
  'sold',
  'lapsed',
] as const;

/** Where an offer stands: `open` while one side's answer is awaited, or where its last move left it. */
export const OFFER_STATUSES = ['open', ...ENDING_MOVES] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/**
 * The moves an offer's thread shows, in order: who made each, what and for how much. While the car is
 * reserved, the buyer pays the holding deposit (`deposit-paid`) and `confirmed` the purchase, which
 * keep the offer accepted.
 */
export const OFFER_MOVE_KINDS = [
  'offered',
  'countered',
  'deposit-paid',
  'confirmed',
  ...ENDING_MOVES,
] as const;
export type OfferMoveKind = (typeof OFFER_MOVE_KINDS)[number];

/** The two sides of an offer: whose turn it is, who made a move (null: Redline, as an expiry). */
export const OFFER_SIDES = ['buyer', 'seller'] as const;
export type OfferSide = (typeof OFFER_SIDES)[number];

/** An offer's amount, in cents as car prices are: at least a dollar, at most the car's asking price (checked by the server). */
const amountSchema = z
  .number({ error: 'Enter an amount' })
  .int('Enter an amount in cents')
  .min(100, `An offer must be at least ${formatMoney(100)}`);

const messageSchema = multiLineText('Message', MESSAGE_MAX_LENGTH).default('');

/** A buyer's offer on a car, with an optional message to its seller. */
export const offerInputSchema = z.object({
  carId: z.guid({ error: 'Choose a car' }),
  amount: amountSchema,
  message: messageSchema,
});
export type OfferInput = z.infer<typeof offerInputSchema>;

/**
 * The answer of the side whose turn it is: accept the amount on the table, decline it (the seller),
 * or counter with another amount (a seller's above it, a buyer's below it).
 */
export const offerAnswerSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('accept') }),
    z.object({ action: z.literal('decline'), message: messageSchema }),
    z.object({ action: z.literal('counter'), amount: amountSchema, message: messageSchema }),
  ],
  { error: 'Choose accept, decline or counter' },
);
export type OfferAnswer = z.infer<typeof offerAnswerSchema>;

/** An offer as its buyer or its car's seller sees it. */
export const offerSchema = z.object({
  id: z.string(),
  /** Null once the car is deleted; its name and photo stay. */
  carId: z.string().nullable(),
  carName: z.string(),
  carPhoto: z.string(),
  buyerName: z.string(),
  sellerName: z.string(),
  /** The conversation between the two, where every move shows. */
  conversationId: z.string(),
  /** The amount on the table (the last offered or countered), in cents. */
  amount: z.number().int(),
  status: z.enum(OFFER_STATUSES),
  /** Whose answer an open offer awaits; null once it is not open. */
  turn: z.enum(OFFER_SIDES).nullable(),
  /** The caller's side of it. */
  side: z.enum(OFFER_SIDES),
  /** When an open offer expires unanswered; null once it is not open. */
  expiresAt: z.string().nullable(),
  /** When the reservation of an accepted offer lapses unless its buyer confirms the purchase first. */
  reservedUntil: z.string().nullable(),
  /** When the buyer confirmed they are buying the car reserved for them (the seller then marks it sold). */
  purchaseConfirmedAt: z.string().nullable(),
  /**
   * The holding deposit paid on the reservation: its amount in cents, when, and its refund's status
   * once one is asked (none on a car sold to the buyer: the seller keeps it).
   */
  deposit: z
    .object({ amount: z.number().int(), paidAt: z.string(), refund: z.enum(REFUND_STATUSES).nullable() })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Offer = z.infer<typeof offerSchema>;

/** The car whose waitlist a buyer reads, joins or leaves. */
export const waitlistParamsSchema = z.object({ id: z.guid({ error: 'Invalid car id' }) });

/**
 * A reserved car's waitlist, as a buyer reads it: whether they are on it, and the id of their own
 * accepted offer when the car is reserved for them (they then hold it rather than wait).
 */
export const waitlistPlaceSchema = z.object({ waiting: z.boolean(), reservedBy: z.string().nullable() });
export type WaitlistPlace = z.infer<typeof waitlistPlaceSchema>;
