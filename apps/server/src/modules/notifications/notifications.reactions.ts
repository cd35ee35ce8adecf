/**
 * Who is told what: each reaction runs in the transaction of the change it tells of (EventBus.react),
 * so that a change makes its notifications exactly once, for the people it concerns, and a change
 * that rolls back makes none. Each person's preferences say whether it is shown in the app, e-mailed
 * (notification-emails.ts), both or neither. What is told to a car's seller reaches the seller's side
 * (seller-side.ts): a dealer's team by role; what is told to a buyer reaches that account alone.
 */
import {
  carName,
  DEAL_RATING_LABELS,
  dealRating,
  formatCharge,
  formatMoney,
  formatRequestedDate,
  formatRequestedTime,
  HOLDING_DEPOSIT_CENTS,
  type NotificationType,
  reviewAnchor,
  routePatterns,
  searchPathOf,
} from '@redline/shared';
import type { AppContext } from '../../context.ts';
import type { Db, Statements, Tx } from '../../db/client.ts';
import { publish } from '../../events/index.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { bookingSummary } from '../bookings/index.ts';
import { carsInBrief } from '../cars/index.ts';
import { findContactMessage } from '../contact/index.ts';
import { findConversationReport, findMessage } from '../conversations/index.ts';
import { estimateOf } from '../market-value/index.ts';
import { offerMoveSummary, offerSummary } from '../offers/index.ts';
import { findReview } from '../reviews/index.ts';
import { saversOf } from '../saved-cars/index.ts';
import { findSavedSearch } from '../saved-searches/index.ts';
import { emailLater } from './notification-emails.ts';
import * as repo from './notifications.repository.ts';
import { settingsOf } from './notifications.service.ts';
import { sellerSide } from './seller-side.ts';

interface Told {
  type: NotificationType;
  title: string;
  body: string;
  link: string;
}

/**
 * Users a statement tells, and users an event names, at most: a car saved by many buyers tells
 * them in several statements (each a bounded write) and events (a NOTIFY carries less than 8000
 * bytes).
 */
const ROWS_AT_ONCE = 1_000;
const USERS_AN_EVENT = 100;

/**
 * Tells each of these users, as they chose for the kind: writes the notification of those who want
 * it in the app and tells their open pages (LiveUpdates); puts it in the e-mail outbox of those who
 * want it by e-mail and have confirmed their address.
 */
async function tellUsers(
  statements: Statements,
  tx: Db | Tx,
  jobs: JobQueue,
  userIds: (string | null)[],
  told: Told,
) {
  const unique = [...new Set(userIds.filter((id): id is string => id !== null))];
  for (let at = 0; at < unique.length; at += ROWS_AT_ONCE) {
    const some = unique.slice(at, at + ROWS_AT_ONCE);
    const { inApp, byEmail } = await repo.tell(statements, tx, some, told, settingsOf(told.type, undefined));
    await emailLater(jobs, tx, byEmail);
    for (let from = 0; from < inApp.length; from += USERS_AN_EVENT)
      await publish(tx, 'notifications.changed', { userIds: inApp.slice(from, from + USERS_AN_EVENT) });
  }
}

const carLink = (id: string) => routePatterns.car.replace(':id', id);

/** A test drive's day and time as its people arranged them ("Dec 5, 2026 at 10:30 AM"). */
function testDriveTime({ requestedDate, requestedTime }: { requestedDate: string; requestedTime: string }) {
  return `${formatRequestedDate(requestedDate)} at ${formatRequestedTime(requestedDate, requestedTime)}`;
}

/** The most of a message a notification quotes. */
const EXCERPT_LENGTH = 160;

/** A message on one line, cut at a word to EXCERPT_LENGTH characters at most ("…" when cut). */
function excerpt(text: string) {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= EXCERPT_LENGTH) return line;
  const cut = line.slice(0, EXCERPT_LENGTH - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/** A side of a car's deal: its buyer, or its seller (with a dealer's team). */
type Side = 'buyer' | 'seller';

type OfferMove = NonNullable<Awaited<ReturnType<typeof offerMoveSummary>>>;

/**
 * Who is told of an offer's move, and what: the side that did not make it (both, for an expiry);
 * nobody of a sale, which tells the savers of the car.
 */
function offerMoveNotice(move: OfferMove): { to: Side[]; notice: Omit<Told, 'link'> } | null {
  const money = formatMoney(move.amount);
  const car = move.carName;
  switch (move.kind) {
    case 'offered':
      return {
        to: ['seller'],
        notice: {
          type: 'offer.made',
          title: 'Offer received',
          body: `${move.buyerName} offers ${money} for your ${car}.`,
        },
      };
    case 'countered':
      return move.by === 'seller'
        ? {
            to: ['buyer'],
            notice: {
              type: 'offer.countered',
              title: 'Counter-offer',
              body: `${move.sellerName} counters your offer for the ${car} with ${money}.`,
            },
          }
        : {
            to: ['seller'],
            notice: {
              type: 'offer.made',
              title: 'Offer received',
              body: `${move.buyerName} counters with ${money} for your ${car}.`,
            },
          };
    case 'accepted':
      return move.by === 'seller'
        ? {
            to: ['buyer'],
            notice: {
              type: 'offer.accepted',
              title: 'Offer accepted',
              body: `${move.sellerName} accepted your offer of ${money} for the ${car}: it is reserved for you.`,
            },
          }
        : {
            to: ['seller'],
            notice: {
              type: 'offer.accepted',
              title: 'Counter accepted',
              body: `${move.buyerName} accepted ${money} for your ${car}: it is reserved for them.`,
            },
          };
    case 'declined':
    case 'closed':
      return {
        to: ['buyer'],
        notice: {
          type: 'offer.declined',
          title: move.kind === 'declined' ? 'Offer declined' : 'Offer closed',
          body:
            move.by === 'seller'
              ? `${move.sellerName} declined your offer of ${money} for the ${car}.`
              : `Your offer of ${money} for the ${car} is ${move.kind}: ${move.message.replace(/^The /, 'the ')}`,
        },
      };
    case 'withdrawn':
      return {
        to: ['seller'],
        notice: {
          type: 'offer.withdrawn',
          title: 'Offer withdrawn',
          body: `${move.buyerName} withdrew their offer of ${money} for your ${car}.`,
        },
      };
    case 'expired':
      return {
        to: ['buyer', 'seller'],
        notice: {
          type: 'offer.expired',
          title: 'Offer expired',
          body: `The offer of ${money} for the ${car} expired without an answer.`,
        },
      };
    case 'released':
      return {
        to: ['buyer'],
        notice: {
          type: 'offer.released',
          title: 'Reservation released',
          body: `${move.sellerName} released the ${car} your offer of ${money} reserved: it is for sale again.`,
        },
      };
    case 'lapsed':
      return {
        to: ['buyer', 'seller'],
        notice: {
          type: 'offer.expired',
          title: 'Reservation lapsed',
          body: `The reservation of the ${car} at ${money} lapsed without the purchase confirmed: it is for sale again.`,
        },
      };
    case 'deposit-paid':
      return {
        to: ['seller'],
        notice: {
          type: 'offer.deposit-paid',
          title: 'Deposit paid',
          body: `${move.buyerName} paid the ${formatMoney(HOLDING_DEPOSIT_CENTS)} holding deposit on your ${car}, reserved for them at ${money}.`,
        },
      };
    case 'confirmed':
      return {
        to: ['seller'],
        notice: {
          type: 'offer.purchase-confirmed',
          title: 'Purchase confirmed',
          body: `${move.buyerName} confirmed buying your ${car} at ${money}. Mark it sold once the sale is done.`,
        },
      };
    case 'sold':
      return null;
  }
}

/** Subscribes the notifications' reactions; returns their unsubscribes. */
export function notifyOnEvents({ database: { events, statements }, jobs }: AppContext): (() => void)[] {
  const tell = (tx: Db | Tx, userIds: (string | null)[], told: Told) =>
    tellUsers(statements, tx, jobs, userIds, told);
  /** Tells the seller account `sellerId` and the members of its team whose role handles the kind. */
  const tellSeller = async (tx: Db | Tx, sellerId: string | null, told: Told) =>
    tell(tx, await sellerSide(statements, tx, sellerId, told.type), told);
  return [
    events.react('booking.requested', async (tx, { bookingId }) => {
      const booking = await bookingSummary(statements, tx, bookingId);
      if (!booking) return;
      await tellSeller(tx, booking.sellerId, {
        type: 'booking.requested',
        title: 'Test drive requested',
        body: `${booking.buyerName} would like to drive your ${booking.carName} on ${testDriveTime(booking)} in ${booking.requestedLocation}.`,
        link: routePatterns.dashSellerRequests,
      });
    }),
    events.react('booking.paid', async (tx, { bookingId }) => {
      const booking = await bookingSummary(statements, tx, bookingId);
      if (!booking) return;
      await tellSeller(tx, booking.sellerId, {
        type: 'booking.paid',
        title: 'Test drive paid',
        body: `${booking.buyerName} paid ${formatCharge(booking.price)} for the test drive of your ${booking.carName} on ${testDriveTime(booking)}. Their phone number is on the request.`,
        link: routePatterns.dashSellerRequests,
      });
    }),
    events.react('booking.cancelled', async (tx, { bookingId, cancelledBy, reason }) => {
      const booking = await bookingSummary(statements, tx, bookingId);
      if (!booking) return;
      const when = testDriveTime(booking);
      const money = booking.isPaid
        ? ` Your ${formatCharge(booking.price)} fee is being refunded to your card.`
        : '';
      if (reason === 'car-sold' || reason === 'car-removed') {
        // The car's seller sold or removed it (or Redline removed it: car.removed tells them).
        const gone = reason === 'car-sold' ? 'has been sold' : 'has been removed from Redline';
        await tell(tx, [booking.buyerId], {
          type: 'booking.cancelled',
          title: 'Test drive cancelled',
          body: `The ${booking.carName} you booked to test-drive on ${when} ${gone}, so the test drive is cancelled.${money}`,
          link: routePatterns.dashBuyerBookings,
        });
        return;
      }
      // The seller, whoever cancelled; the buyer when an admin did.
      if (booking.sellerId !== cancelledBy)
        await tellSeller(tx, booking.sellerId, {
          type: 'booking.cancelled',
          title: 'Test drive cancelled',
          body:
            booking.buyerId === cancelledBy
              ? `${booking.buyerName} cancelled the test drive of your ${booking.carName} on ${when}.${booking.isPaid ? ` Their ${formatCharge(booking.price)} fee is being refunded.` : ''}`
              : `The test drive of your ${booking.carName} with ${booking.buyerName} on ${when} was cancelled by Redline.`,
          link: routePatterns.dashSellerRequests,
        });
      if (booking.buyerId !== cancelledBy)
        await tell(tx, [booking.buyerId], {
          type: 'booking.cancelled',
          title: 'Test drive cancelled',
          body: `Your test drive of the ${booking.carName} on ${when} was cancelled by Redline.${money}`,
          link: routePatterns.dashBuyerBookings,
        });
    }),
    events.react('booking.accepted', async (tx, { bookingId }) => {
      const booking = await bookingSummary(statements, tx, bookingId);
      if (!booking) return;
      await tell(tx, [booking.buyerId], {
        type: 'booking.accepted',
        title: 'Test drive accepted',
        body: `${booking.sellerName} accepted your test drive of the ${booking.carName} on ${testDriveTime(booking)} in ${booking.requestedLocation}.`,
        link: routePatterns.dashBuyerBookings,
      });
    }),
    events.react('booking.declined', async (tx, { bookingId }) => {
      const booking = await bookingSummary(statements, tx, bookingId);
      if (!booking) return;
      const money = booking.isPaid
        ? ` Your ${formatCharge(booking.price)} fee is being refunded to your card.`
        : '';
      await tell(tx, [booking.buyerId], {
        type: 'booking.declined',
        title: 'Test drive declined',
        body: `${booking.sellerName} declined your test drive of the ${booking.carName} on ${testDriveTime(booking)}.${money}`,
        link: routePatterns.dashBuyerBookings,
      });
    }),
    events.react('booking.rescheduled', async (tx, { bookingId }) => {
      const booking = await bookingSummary(statements, tx, bookingId);
      if (!booking?.proposedDate || !booking.proposedTime) return;
      const proposed = testDriveTime({
        requestedDate: booking.proposedDate,
        requestedTime: booking.proposedTime,
      });
      await tell(tx, [booking.buyerId], {
        type: 'booking.rescheduled',
        title: 'Another time proposed',
        body: `${booking.sellerName} proposes ${proposed} instead of ${testDriveTime(booking)} for your test drive of the ${booking.carName}. Accept it in My Bookings.`,
        link: routePatterns.dashBuyerBookings,
      });
    }),
    events.react('booking.proposal-accepted', async (tx, { bookingId }) => {
      const booking = await bookingSummary(statements, tx, bookingId);
      if (!booking) return;
      await tellSeller(tx, booking.sellerId, {
        type: 'booking.time-agreed',
        title: 'Proposed time accepted',
        body: `${booking.buyerName} accepted ${testDriveTime(booking)} for the test drive of your ${booking.carName} in ${booking.requestedLocation}.`,
        link: routePatterns.dashSellerRequests,
      });
    }),
    events.react('offer.moved', async (tx, { moveId }) => {
      const move = await offerMoveSummary(tx, moveId);
      if (!move) return;
      const told = offerMoveNotice(move);
      if (!told) return;
      const link = routePatterns.dashConversation.replace(':id', move.conversationId);
      for (const side of told.to)
        if (side === 'buyer') await tell(tx, [move.buyerId], { ...told.notice, link });
        else await tellSeller(tx, move.sellerId, { ...told.notice, link });
    }),
    events.react('refund.succeeded', async (tx, { bookingId, offerId, amount }) => {
      if (offerId) {
        const offer = await offerSummary(tx, offerId);
        if (!offer) return;
        await tell(tx, [offer.buyerId], {
          type: 'refund.made',
          title: 'Refund made',
          body: `Your ${formatCharge(amount)} holding deposit for the ${offer.carName} has been refunded to your card. It can take 5 to 10 days to show on your statement.`,
          link: routePatterns.dashConversation.replace(':id', offer.conversationId),
        });
        return;
      }
      const booking = bookingId ? await bookingSummary(statements, tx, bookingId) : undefined;
      if (!booking) return;
      await tell(tx, [booking.buyerId], {
        type: 'refund.made',
        title: 'Refund made',
        body: `Your ${formatCharge(amount)} test-drive fee for the ${booking.carName} has been refunded to your card. It can take 5 to 10 days to show on your statement.`,
        link: routePatterns.dashBuyerBookings,
      });
    }),
    events.react('waitlist.ended', async (tx, { carId, sold, buyerIds }) => {
      const [car] = await carsInBrief(tx, [carId]);
      if (!car) return;
      await tell(tx, buyerIds, {
        type: 'waitlist.ended',
        title: sold ? 'Car sold' : 'Car for sale again',
        body: sold
          ? `The ${carName(car)} you were waiting for has been sold.`
          : `The ${carName(car)} you were waiting for is no longer reserved: it is for sale again.`,
        link: carLink(carId),
      });
    }),
    events.react('car.removed-by-admin', async (tx, { carId, reported }) => {
      const [car] = await carsInBrief(tx, [carId]);
      if (!car) return;
      const why = reported ? ' after buyers reported it' : '';
      await tellSeller(tx, car.sellerId, {
        type: 'car.removed',
        title: 'Car removed',
        body: `Your ${carName(car)} was removed from Redline${why}. Its open test drives are cancelled and their fees refunded. Write to us through the contact page if you think this is a mistake.`,
        link: routePatterns.dashSellerCars,
      });
    }),
    events.react('car.updated', async (tx, { carId, askingPrice }) => {
      if (!askingPrice || askingPrice.to >= askingPrice.from) return;
      const [car] = await carsInBrief(tx, [carId]);
      if (!car) return;
      // The stored estimate values the car without its own price (leave-one-out): it rates the new price as well as the old.
      const estimate = await estimateOf(tx, carId);
      const [was, now] = [dealRating(askingPrice.from, estimate), dealRating(askingPrice.to, estimate)];
      const rated =
        now === was ? '' : ` Its rating is now ${DEAL_RATING_LABELS[now]} (was ${DEAL_RATING_LABELS[was]}).`;
      await tell(tx, await saversOf(tx, carId), {
        type: 'saved-car.price-dropped',
        title: 'Price dropped',
        body: `The ${carName(car)} you saved now asks ${formatMoney(askingPrice.to)}, down from ${formatMoney(askingPrice.from)}.${rated}`,
        link: carLink(carId),
      });
    }),
    events.react('car.sold', async (tx, { carId }) => {
      const [car] = await carsInBrief(tx, [carId]);
      if (!car) return;
      await tell(tx, await saversOf(tx, carId), {
        type: 'saved-car.sold',
        title: 'Sold',
        body: `The ${carName(car)} you saved has been sold.`,
        link: carLink(carId),
      });
    }),
    events.react('saved-search.matched', async (tx, { savedSearchId, carIds, count }) => {
      const search = await findSavedSearch(tx, savedSearchId);
      const matched = await carsInBrief(tx, carIds);
      if (!search || matched.length === 0) return;
      const named = matched.map((car) => `${carName(car)} at ${formatMoney(car.askingPrice)}`);
      if (count === 1) {
        await tell(tx, [search.buyerId], {
          type: 'saved-search.matched',
          title: `New car for “${search.name}”`,
          body: `${named[0]} matches your saved search.`,
          link: carLink(matched[0]!.id),
        });
        return;
      }
      const more = count - named.length;
      await tell(tx, [search.buyerId], {
        type: 'saved-search.matched',
        title: `${count} new cars for “${search.name}”`,
        body: `Matching your saved search: ${named.join('; ')}${more > 0 ? `; and ${more} more` : ''}.`,
        link: searchPathOf(search.filters),
      });
    }),
    events.react('contact.received', async (tx, { messageId }) => {
      const message = await findContactMessage(tx, messageId);
      if (!message) return;
      await tell(tx, await repo.adminIds(tx), {
        type: 'contact.received',
        title: `Message from ${message.name}`,
        body: excerpt(message.message),
        link: routePatterns.dashAdminMessages,
      });
    }),
    events.react('conversation.reported', async (tx, { reportId }) => {
      const report = await findConversationReport(tx, reportId);
      if (!report) return;
      await tell(tx, await repo.adminIds(tx), {
        type: 'conversation.reported',
        title: `Conversation reported by ${report.reporterName}`,
        body: `About the ${report.carName}: ${report.reason}`,
        link: routePatterns.dashAdminReportedConversations,
      });
    }),
    events.react('review.posted', async (tx, { reviewId }) => {
      const review = await findReview(tx, reviewId);
      if (!review) return;
      const stars = (review.experience + review.accuracy + review.communication) / 3;
      await tellSeller(tx, review.sellerId, {
        type: 'review.received',
        title: `Review from ${review.buyerName}`,
        body: `After the test drive of the ${review.carName}, ${stars.toFixed(1)} stars: ${excerpt(review.body)}`,
        link: routePatterns.dashSellerReviews,
      });
    }),
    events.react('review.answered', async (tx, { reviewId }) => {
      const review = await findReview(tx, reviewId);
      if (!review?.answer) return;
      await tell(tx, [review.buyerId], {
        type: 'review.answered',
        title: `${review.sellerName} answered your review`,
        body: excerpt(review.answer),
        link: `${routePatterns.seller.replace(':id', review.sellerId)}#${reviewAnchor(review.id)}`,
      });
    }),
    events.react('message.sent', async (tx, { messageId }) => {
      const message = await findMessage(statements, tx, messageId);
      if (!message) return;
      const link = routePatterns.dashConversation.replace(':id', message.conversationId);
      const told: Told = {
        type: 'message.received',
        title: `Message from ${message.senderName}`,
        body: `About the ${message.carName}: ${excerpt(message.body)}`,
        link,
      };
      const recipients =
        message.recipientId === message.sellerId
          ? await sellerSide(statements, tx, message.sellerId, told.type)
          : [message.recipientId];
      // One unread notification a conversation for each person: a burst of messages is one thing to look at.
      const unread = await repo.withUnread(statements, tx, recipients, link);
      await tell(
        tx,
        recipients.filter((userId) => !unread.has(userId)),
        told,
      );
    }),
    events.react('user.changed', async (tx, { userId, change }) => {
      if (change !== 'verified') return;
      await tell(tx, [userId], {
        type: 'account.verified',
        title: 'Your account is verified',
        body: 'Buyers and sellers now see the verified badge beside your name, on your cars and your bookings.',
        link: routePatterns.dashboard,
      });
    }),
  ];
}
