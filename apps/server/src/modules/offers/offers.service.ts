/**
 * Offers: the buyer offers, the side whose turn it is accepts, declines or counters, and an accepted
 * offer reserves the car. Every move is one transaction that takes the car's lock and then the
 * offer's (in that order, as a sale or a deletion of the car does), records the move, tells it in
 * the conversation and publishes `offer.moved`, whose reactions notify after the commit.
 */
import {
  carName,
  formatMoney,
  HOLDING_DEPOSIT_CENTS,
  type Offer,
  type OfferAnswer,
  type OfferInput,
  type OfferMoveKind,
  type OfferSide,
  type OfferStatus,
  type Page,
  type PageQuery,
  type SessionUser,
  type WaitlistPlace,
} from '@redline/shared';
import { eq } from 'drizzle-orm';
import { actingAs, requireAccess } from '../../access/record-access.ts';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { type DomainEvents, publish } from '../../events/index.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import { carCoverUrl, lockCar, lockCarWithSeller, releaseCar, reserveCar } from '../cars/index.ts';
import { conversationAbout, tellOfferMove } from '../conversations/index.ts';
import * as repo from './offers.repository.ts';
import { offers } from './offers.schema.ts';

type Car = NonNullable<Awaited<ReturnType<typeof lockCarWithSeller>>>;

/** A move as it is recorded: what, by which side (null: Redline's notice), the amount it names, and a message. */
interface Move {
  kind: OfferMoveKind;
  by: OfferSide | null;
  amount: number;
  message: string;
}

/** Why a reservation ended, if a move ends it (`reservation.ended`: a deposit is refunded, or kept on a sale to the buyer). */
type ReservationEnd = DomainEvents['reservation.ended']['reason'];

/** What a move makes of the offer. */
interface Step {
  status: OfferStatus;
  turn: OfferSide | null;
  amount?: number;
  move: Move;
  /** An acceptance's reservation, until it lapses; a confirmation ends the wait. */
  reservedUntil?: Date | null;
  purchaseConfirmedAt?: Date;
  /** Set on the move that ends an accepted offer's reservation. */
  ended?: ReservationEnd;
}

const other = (side: OfferSide): OfferSide => (side === 'buyer' ? 'seller' : 'buyer');

/** The first line of a move as its conversation shows it (the mover's message, or Redline's notice, follows). */
function headline({ kind, by, amount }: Move) {
  const money = formatMoney(amount);
  switch (kind) {
    case 'offered':
      return `Offered ${money}.`;
    case 'countered':
      return `Countered with ${money}.`;
    case 'accepted':
      return `Accepted ${money}: the car is reserved for the buyer.`;
    case 'declined':
      return by ? `Declined the offer of ${money}.` : `The offer of ${money} was declined.`;
    case 'withdrawn':
      return `Withdrew the offer of ${money}.`;
    case 'expired':
      return `The offer of ${money} expired unanswered.`;
    case 'closed':
      return `The offer of ${money} was closed.`;
    case 'released':
      return `Released the reservation at ${money}: the car is for sale again.`;
    case 'sold':
      return `The car reserved at ${money} was marked sold.`;
    case 'lapsed':
      return `The reservation at ${money} lapsed without the purchase confirmed: the car is for sale again.`;
    case 'deposit-paid':
      return `Paid the ${formatMoney(HOLDING_DEPOSIT_CENTS)} holding deposit on the car reserved at ${money}.`;
    case 'confirmed':
      return `Confirmed the purchase at ${money}: the seller may now mark the car sold.`;
  }
}

/**
 * Records a move of the offer (the caller holds its lock and has applied the rules): the offer's new
 * state, the move, its message in the conversation, the events; an offer left open lapses after
 * OFFER_EXPIRY_HOURS, and a reservation unconfirmed after OFFER_RESERVATION_HOURS, by a job written
 * in the same transaction, unless another move comes first.
 */
async function record(context: AppContext, tx: Db | Tx, offer: repo.LockedOffer, step: Step) {
  const expiresAt = step.status === 'open' ? expiryOf(context) : null;
  const { reservedUntil } = step;
  await repo.updateOffer(tx, offer.id, {
    status: step.status,
    turn: step.turn,
    expiresAt,
    amount: step.amount,
    reservedUntil: step.status === 'accepted' ? reservedUntil : null,
    purchaseConfirmedAt: step.purchaseConfirmedAt,
  });
  const moveId = await repo.insertMove(tx, { offerId: offer.id, ...step.move });
  const { by, message } = step.move;
  await tellOfferMove(context, tx, {
    conversationId: offer.conversationId,
    senderId: by === null ? null : by === 'buyer' ? offer.buyerId : offer.sellerId,
    offerId: offer.id,
    body: message ? `${headline(step.move)}\n\n${message}` : headline(step.move),
  });
  await publish(tx, 'offer.moved', { offerId: offer.id, moveId });
  if (offer.status === 'accepted' && step.status !== 'accepted') {
    if (!step.ended) throw new Error(`offer ${offer.id} left its reservation without saying why`);
    await publish(tx, 'reservation.ended', { offerId: offer.id, reason: step.ended });
    // A removed car's waitlist goes with it (the foreign key).
    if (offer.carId && step.ended !== 'car-removed')
      await endWaitlist(tx, offer.carId, step.ended === 'car-sold' || step.ended === 'sold-to-buyer');
  }
  if (reservedUntil)
    await context.jobs.send(
      'offers.lapse',
      { offerId: offer.id, reservedUntil: reservedUntil.toISOString() },
      tx,
      { startAfter: context.config.OFFER_RESERVATION_HOURS * 3600 },
    );
  if (expiresAt)
    await context.jobs.send('offers.expire', { offerId: offer.id, expiresAt: expiresAt.toISOString() }, tx, {
      startAfter: context.config.OFFER_EXPIRY_HOURS * 3600,
    });
}

/** Buyers an event names, at most (a NOTIFY carries less than 8000 bytes). */
const BUYERS_AN_EVENT = 100;

/** Empties the car's waitlist as its reservation ends, telling everyone on it (after the commit, by the notifications). */
async function endWaitlist(tx: Db | Tx, carId: string, sold: boolean) {
  const buyerIds = await repo.clearWaitlist(tx, carId);
  for (let at = 0; at < buyerIds.length; at += BUYERS_AN_EVENT)
    await publish(tx, 'waitlist.ended', { carId, sold, buyerIds: buyerIds.slice(at, at + BUYERS_AN_EVENT) });
}

/** When an offer left open by a move now lapses unanswered. */
const expiryOf = (context: AppContext) =>
  new Date(Date.now() + context.config.OFFER_EXPIRY_HOURS * 3_600_000);

/** An amount the car's price allows: at most its asking price. */
function assertWithinAskingPrice(amount: number, car: Car) {
  if (amount > car.askingPrice)
    throw badRequest(`An offer can be at most the asking price, ${formatMoney(car.askingPrice)}.`, {
      amount: `At most ${formatMoney(car.askingPrice)}`,
    });
}

const RESERVED_FOR_YOU =
  'This car is already reserved for you: your offer was accepted. Pay the holding deposit or confirm the purchase from My Offers.';

/** A buyer offers on a car for sale and free; the offer opens the seller's turn and shows in their conversation. */
export async function makeOffer(context: AppContext, buyer: SessionUser, input: OfferInput): Promise<Offer> {
  const id = await context.database.db.transaction(async (tx) => {
    const car = await lockCarWithSeller(context.database.statements, tx, input.carId);
    if (!car) throw notFound('The car');
    if (car.soldAt) throw conflict('This car has been sold.');
    if (car.reservedAt)
      throw conflict(
        (await repo.isReservedFor(tx, car.id, buyer.id))
          ? RESERVED_FOR_YOU
          : 'This car is reserved for another buyer.',
      );
    assertWithinAskingPrice(input.amount, car);
    const name = carName(car);
    const photo = carCoverUrl(context, car.photos, car.coverWidth);
    const conversationId = await conversationAbout(tx, { id: car.id, name, photo }, buyer.id, car.sellerId);
    // Opened with the first move's state; `record` then takes it from there, as every move does.
    const inserted = await repo.insertOffer(tx, {
      carId: car.id,
      carName: name,
      carPhoto: photo,
      buyerId: buyer.id,
      sellerId: car.sellerId,
      conversationId,
      amount: input.amount,
      status: 'open',
      turn: 'seller',
      expiresAt: expiryOf(context),
    });
    // Refusing throws, which rolls the conversation opened for it back too.
    if (!inserted)
      throw conflict(
        'You already have an open offer on this car: wait for the answer, or withdraw it first.',
      );
    const offer = await repo.lockOffer(tx, inserted.id);
    await record(context, tx, offer!, {
      status: 'open',
      turn: 'seller',
      move: { kind: 'offered', by: 'buyer', amount: input.amount, message: input.message },
    });
    return inserted.id;
  });
  return getOffer(context, buyer, id);
}

/** Why an offer takes no more moves. */
const CLOSED: Record<Exclude<OfferStatus, 'open'>, string> = {
  accepted: 'This offer has been accepted.',
  declined: 'This offer has been declined.',
  withdrawn: 'This offer has been withdrawn.',
  expired: 'This offer has expired.',
  closed: 'This offer was closed: the car has been sold or removed.',
  released: 'The reservation this offer made has been released.',
  sold: 'The car this offer reserved has been sold.',
  lapsed: 'The reservation this offer made lapsed without the purchase confirmed.',
};

function assertOpen(offer: repo.LockedOffer) {
  if (offer.status !== 'open') throw conflict(CLOSED[offer.status]);
}

function assertTurn(offer: repo.LockedOffer, side: OfferSide) {
  assertOpen(offer);
  if (offer.turn !== side)
    throw conflict(
      side === 'buyer'
        ? 'The seller has your offer: wait for their answer, or withdraw it.'
        : 'The buyer has your counter: wait for their answer.',
    );
}

/**
 * Takes one move of the offer as `actor`, its buyer or its car's seller (anyone else is told it
 * does not exist): under the car's lock, then the offer's, the rules read both as they are.
 */
async function takeMove(
  context: AppContext,
  actor: SessionUser,
  id: string,
  step: (offer: repo.LockedOffer, side: OfferSide, car: Car | undefined, tx: Tx) => Promise<Step>,
): Promise<Offer> {
  const { carId } = await requireAccess(context, actor, { permission: 'offer.move', id });
  await context.database.db.transaction(async (tx) => {
    const car = carId ? await lockCarWithSeller(context.database.statements, tx, carId) : undefined;
    const offer = await repo.lockOffer(tx, id);
    if (!offer) throw notFound('The offer');
    const side: OfferSide = offer.buyerId === actor.id ? 'buyer' : 'seller';
    await record(context, tx, offer, await step(offer, side, car, tx));
  });
  return getOffer(context, actor, id);
}

/**
 * The side whose turn it is accepts the amount on the table, which reserves the car for the buyer
 * (the car's other open offers are declined with a notice), declines it (the seller), or counters.
 */
export function answerOffer(context: AppContext, actor: SessionUser, id: string, answer: OfferAnswer) {
  return takeMove(context, actor, id, async (offer, side, car, tx) => {
    assertTurn(offer, side);
    if (answer.action === 'decline') {
      if (side === 'buyer') throw badRequest('Withdraw your offer rather than declining the counter.');
      return {
        status: 'declined',
        turn: null,
        move: { kind: 'declined', by: side, amount: offer.amount, message: answer.message },
      };
    }
    if (!car) throw conflict(CLOSED.closed);
    if (answer.action === 'counter') {
      assertWithinAskingPrice(answer.amount, car);
      if (side === 'seller' && answer.amount <= offer.amount)
        throw badRequest('A counter must ask more than the offer: accept the offer instead.', {
          amount: `More than ${formatMoney(offer.amount)}`,
        });
      if (side === 'buyer' && answer.amount >= offer.amount)
        throw badRequest('A counter must offer less than the seller asks: accept their counter instead.', {
          amount: `Less than ${formatMoney(offer.amount)}`,
        });
      return {
        status: 'open',
        turn: other(side),
        amount: answer.amount,
        move: { kind: 'countered', by: side, amount: answer.amount, message: answer.message },
      };
    }
    // The car's lock makes a second acceptance on the car, from another tab, wait and find it reserved.
    if (car.reservedAt || !(await reserveCar(tx, car.id)))
      throw conflict('This car is already reserved for another buyer.');
    for (const rival of await repo.lockOffersOfCar(tx, car.id, ['open'])) {
      if (rival.id === offer.id) continue;
      await record(context, tx, rival, {
        status: 'declined',
        turn: null,
        move: {
          kind: 'declined',
          by: null,
          amount: rival.amount,
          message: 'The car is reserved for another buyer.',
        },
      });
    }
    return {
      status: 'accepted',
      turn: null,
      reservedUntil: new Date(Date.now() + context.config.OFFER_RESERVATION_HOURS * 3_600_000),
      move: { kind: 'accepted', by: side, amount: offer.amount, message: '' },
    };
  });
}

/** The buyer takes back their open offer, whoever's turn it is. */
export function withdrawOffer(context: AppContext, actor: SessionUser, id: string) {
  return takeMove(context, actor, id, async (offer) => {
    assertOpen(offer);
    return {
      status: 'withdrawn',
      turn: null,
      move: { kind: 'withdrawn', by: 'buyer', amount: offer.amount, message: '' },
    };
  });
}

function assertAccepted(offer: repo.LockedOffer) {
  if (offer.status !== 'accepted')
    throw conflict(offer.status === 'open' ? 'This offer has not been accepted.' : CLOSED[offer.status]);
}

/**
 * The seller releases the car an accepted offer reserved (its purchase confirmed or not): it is for
 * sale again, to anyone, and a deposit paid is refunded.
 */
export function releaseOffer(context: AppContext, actor: SessionUser, id: string) {
  return takeMove(context, actor, id, async (offer, _side, car, tx) => {
    assertAccepted(offer);
    if (car) await releaseCar(tx, car.id);
    return {
      status: 'released',
      turn: null,
      ended: 'released',
      move: { kind: 'released', by: 'seller', amount: offer.amount, message: '' },
    };
  });
}

/**
 * The buyer confirms they are buying the car their accepted offer reserved: the reservation no
 * longer lapses, and when the seller marks the car sold the deposit is theirs.
 */
export function confirmPurchase(context: AppContext, actor: SessionUser, id: string) {
  return takeMove(context, actor, id, async (offer, side) => {
    if (side !== 'buyer') throw notFound('The offer');
    assertAccepted(offer);
    if (offer.purchaseConfirmedAt) throw conflict('You have already confirmed this purchase.');
    return {
      status: 'accepted',
      turn: null,
      purchaseConfirmedAt: new Date(),
      reservedUntil: null,
      move: { kind: 'confirmed', by: 'buyer', amount: offer.amount, message: '' },
    };
  });
}

/** Whether the buyer waits for the car, or holds it (their accepted offer's id). */
export async function getWaitlistPlace(
  context: AppContext,
  buyer: SessionUser,
  carId: string,
): Promise<WaitlistPlace> {
  const { db } = context.database;
  const [waiting, reservedBy] = await Promise.all([
    repo.isWaiting(db, carId, buyer.id),
    repo.acceptedOfferOf(db, carId, buyer.id),
  ]);
  return { waiting, reservedBy: reservedBy ?? null };
}

/**
 * The buyer joins the waitlist of a car reserved for someone else; under the car's lock, so that a
 * reservation ending at the same moment either finds them on the list or refuses them.
 */
export async function joinWaitlist(
  context: AppContext,
  buyer: SessionUser,
  carId: string,
): Promise<WaitlistPlace> {
  await context.database.db.transaction(async (tx) => {
    const car = await lockCarWithSeller(context.database.statements, tx, carId);
    if (!car) throw notFound('The car');
    if (car.soldAt) throw conflict('This car has been sold.');
    if (!car.reservedAt) throw conflict('This car is not reserved: make an offer instead.');
    if (await repo.isReservedFor(tx, carId, buyer.id)) throw conflict(RESERVED_FOR_YOU);
    await repo.joinWaitlist(tx, carId, buyer.id);
  });
  return { waiting: true, reservedBy: null };
}

export async function leaveWaitlist(
  context: AppContext,
  buyer: SessionUser,
  carId: string,
): Promise<WaitlistPlace> {
  await repo.leaveWaitlist(context.database.db, carId, buyer.id);
  return getWaitlistPlace(context, buyer, carId);
}

export async function getOffer(context: AppContext, actor: SessionUser, id: string): Promise<Offer> {
  await requireAccess(context, actor, { permission: 'offer.read', id });
  const row = await repo.findOffer(context.database.db, id);
  if (!row) throw notFound('The offer');
  return toOffer(row, actor);
}

/** The caller's offers on one side: made as a buyer, or received on their cars as a seller; the latest change first. */
export async function listOffers(
  context: AppContext,
  actor: SessionUser,
  side: OfferSide,
  query: PageQuery,
): Promise<Page<Offer>> {
  const party = side === 'buyer' ? offers.buyerId : offers.sellerId;
  const page = await repo.listOffers(
    context.database.db,
    eq(party, actingAs(actor)),
    query.limit,
    query.cursor,
  );
  return { items: page.items.map((row) => toOffer(row, actor)), nextCursor: page.nextCursor };
}

/**
 * An open offer lapses when its time comes without a move: the job carries the `expiresAt` the move
 * set, and a later move (which set another) leaves the offer to its own job.
 */
export function expireOfferJob(context: AppContext): JobDefinition<'offers.expire'> {
  return {
    name: 'offers.expire',
    async run({ offerId, expiresAt }) {
      const expired = await context.database.db.transaction(async (tx) => {
        const carId = (await repo.findOffer(tx, offerId))?.carId;
        // The car's lock first, as every move takes it.
        if (carId) await lockCar(tx, carId, 'update');
        const offer = await repo.lockOffer(tx, offerId);
        if (offer?.status !== 'open' || offer.expiresAt?.toISOString() !== expiresAt) return false;
        await record(context, tx, offer, {
          status: 'expired',
          turn: null,
          move: { kind: 'expired', by: null, amount: offer.amount, message: '' },
        });
        return true;
      });
      return { expired };
    },
  };
}

/**
 * A reservation its buyer has not confirmed lapses when its time comes: the car is for sale again and
 * a deposit paid is refunded. The job carries the `reservedUntil` the acceptance set; a confirmation
 * (which clears it) or the reservation's end leaves it nothing to do, and running it twice changes nothing.
 */
export function lapseReservationJob(context: AppContext): JobDefinition<'offers.lapse'> {
  return {
    name: 'offers.lapse',
    async run({ offerId, reservedUntil }) {
      const lapsed = await context.database.db.transaction(async (tx) => {
        const carId = (await repo.findOffer(tx, offerId))?.carId;
        // The car's lock first, as every move takes it.
        if (carId) await lockCar(tx, carId, 'update');
        const offer = await repo.lockOffer(tx, offerId);
        if (offer?.status !== 'accepted' || offer.reservedUntil?.toISOString() !== reservedUntil)
          return false;
        if (carId) await releaseCar(tx, carId);
        await record(context, tx, offer, {
          status: 'lapsed',
          turn: null,
          ended: 'lapsed',
          move: { kind: 'lapsed', by: null, amount: offer.amount, message: '' },
        });
        return true;
      });
      return { lapsed };
    },
  };
}

/**
 * A car sold or removed closes its open offers with a notice, and so does a price lowered below them. Its accepted offer is `sold` with it
 * when the buyer had confirmed the purchase (the seller keeps the deposit); otherwise the car went to
 * someone else, or was removed, and the offer is closed (a deposit refunded). Each in the
 * transaction of the sale or removal, which holds the car's lock.
 */
export function closeOffersOnEvents(context: AppContext): (() => void)[] {
  const { events } = context.database;
  const close = async (tx: Db | Tx, carId: string, sold: boolean) => {
    for (const offer of await repo.lockOffersOfCar(tx, carId, ['open', 'accepted'])) {
      const reserved = offer.status === 'accepted';
      const kept = sold && reserved && offer.purchaseConfirmedAt !== null;
      await record(context, tx, offer, {
        status: kept ? 'sold' : 'closed',
        turn: null,
        ended: !reserved ? undefined : kept ? 'sold-to-buyer' : sold ? 'car-sold' : 'car-removed',
        move: {
          kind: kept ? 'sold' : 'closed',
          by: null,
          amount: offer.amount,
          message: kept ? '' : sold ? 'The car has been sold.' : 'The car has been removed from Redline.',
        },
      });
    }
    if (sold) await releaseCar(tx, carId);
  };
  return [
    events.react('car.sold', (tx, { carId }) => close(tx, carId, true)),
    events.react('car.deleted', (tx, { carId }) => close(tx, carId, false)),
    // An offer above the asking price is no offer: a price lowered below it closes it, and its buyer
    // may offer again at the new price. In the update's transaction, which holds the car's row.
    events.react('car.updated', async (tx, { carId, askingPrice }) => {
      if (!askingPrice || askingPrice.to >= askingPrice.from) return;
      for (const offer of await repo.lockOffersOfCar(tx, carId, ['open'])) {
        if (offer.amount <= askingPrice.to) continue;
        await record(context, tx, offer, {
          status: 'closed',
          turn: null,
          move: {
            kind: 'closed',
            by: null,
            amount: offer.amount,
            message: `The seller lowered the asking price to ${formatMoney(askingPrice.to)}, below this offer: offer again at or below it.`,
          },
        });
      }
    }),
    // Told in the payment's transaction, which holds the offer's lock.
    events.react('deposit.paid', async (tx, { offerId }) => {
      const offer = await repo.lockOffer(tx, offerId);
      if (offer?.status !== 'accepted') return;
      await record(context, tx, offer, {
        status: 'accepted',
        turn: null,
        move: { kind: 'deposit-paid', by: 'buyer', amount: offer.amount, message: '' },
      });
    }),
  ];
}

function toOffer(row: repo.OfferRow, viewer: SessionUser): Offer {
  return {
    id: row.id,
    carId: row.carId,
    carName: row.carName,
    carPhoto: row.carPhoto,
    buyerName: row.buyerName,
    sellerName: row.sellerName,
    conversationId: row.conversationId,
    amount: row.amount,
    status: row.status,
    turn: row.turn,
    side: row.buyerId === viewer.id ? 'buyer' : 'seller',
    expiresAt: row.expiresAt?.toISOString() ?? null,
    reservedUntil: row.reservedUntil?.toISOString() ?? null,
    purchaseConfirmedAt: row.purchaseConfirmedAt?.toISOString() ?? null,
    deposit:
      row.depositAmount !== null && row.depositPaidAt !== null
        ? { amount: row.depositAmount, paidAt: row.depositPaidAt.toISOString(), refund: row.depositRefund }
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
