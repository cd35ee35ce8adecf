/**
 * Whose open lists a change makes stale (LiveUpdates then tells their streams): a booking's change
 * its buyer's bookings and its seller's requests (a dealer's team's too, who work on them); a payment
 * or a refund, those and the admins' payments ledger; a message, its conversation's people's
 * conversations (the seller's team's too). Reactions, so that each change is told once, by
 * the instance that made it, and a change that rolls back tells no one.
 */
import type { AppContext } from '../../context.ts';
import type { Db, Statements, Tx } from '../../db/client.ts';
import { type EventName, publish } from '../../events/index.ts';
import { bookingSummary } from '../bookings/index.ts';
import { findMessage } from '../conversations/index.ts';
import * as repo from './notifications.repository.ts';
import { sellerSide } from './seller-side.ts';

/** Every event that changes a booking as its people's lists show it. */
const BOOKING_CHANGES = [
  'booking.requested',
  'booking.paid',
  'booking.accepted',
  'booking.declined',
  'booking.rescheduled',
  'booking.proposal-accepted',
  'booking.cancelled',
] as const satisfies readonly EventName[];

/** Every event that changes a refund, and so the ledger and its booking's lists. */
const REFUND_CHANGES = [
  'refund.requested',
  'refund.succeeded',
  'refund.failed',
] as const satisfies readonly EventName[];

/** Users an event names, at most (a NOTIFY carries less than 8000 bytes). */
const USERS_AN_EVENT = 100;

async function tell(tx: Db | Tx, name: 'bookings.changed' | 'payments.changed', userIds: (string | null)[]) {
  const unique = [...new Set(userIds.filter((id): id is string => id !== null))];
  for (let at = 0; at < unique.length; at += USERS_AN_EVENT)
    await publish(tx, name, { userIds: unique.slice(at, at + USERS_AN_EVENT) });
}

async function bookingChanged(statements: Statements, tx: Db | Tx, bookingId: string | null | undefined) {
  const people = bookingId ? await bookingSummary(statements, tx, bookingId) : undefined;
  if (people)
    await tell(tx, 'bookings.changed', [
      people.buyerId,
      ...(await sellerSide(statements, tx, people.sellerId)),
    ]);
}

const ledgerChanged = async (tx: Db | Tx) => tell(tx, 'payments.changed', await repo.adminIds(tx));

/** Subscribes the reactions; returns their unsubscribes. */
export function liveChangesOnEvents({ database: { events, statements } }: AppContext): (() => void)[] {
  return [
    ...BOOKING_CHANGES.map((name) =>
      events.react(name, (tx, { bookingId }) => bookingChanged(statements, tx, bookingId)),
    ),
    events.react('booking.paid', ledgerChanged),
    events.react('message.sent', async (tx, { messageId }) => {
      const message = await findMessage(statements, tx, messageId);
      if (message)
        await publish(tx, 'conversations.changed', {
          userIds: [message.buyerId, ...(await sellerSide(statements, tx, message.sellerId))],
        });
    }),
    ...REFUND_CHANGES.map((name) =>
      events.react(name, async (tx, { bookingId }) => {
        await bookingChanged(statements, tx, bookingId);
        await ledgerChanged(tx);
      }),
    ),
  ];
}
