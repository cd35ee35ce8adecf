import { formatCharge, formatMoney, HOLDING_DEPOSIT_CENTS, type Offer } from '@redline/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { LocalDate } from '../../../components/ui/local-date.tsx';
import { paths } from '../../../config/paths.ts';
import { useAnswerOffer } from '../api/answer-offer.ts';
import { useConfirmPurchase } from '../api/confirm-purchase.ts';
import { useOffer } from '../api/get-offer.ts';
import { useReleaseOffer } from '../api/release-offer.ts';
import { useWithdrawOffer } from '../api/withdraw-offer.ts';
import { depositText, offerStatusText } from '../utils/offer-status.ts';
import { OfferForm } from './offer-form.tsx';

/**
 * An offer beside its conversation: the amount on the table, where it stands, and the moves of the
 * side whose turn it is (accept, decline for the seller, counter); the buyer may withdraw an open
 * offer, the seller release the car an accepted one reserved. While the car is reserved, the buyer
 * pays the holding deposit and confirms the purchase, and the seller, once confirmed, marks the car
 * sold from their cars. The server refuses a move out of turn (409) whatever this shows.
 */
export function OfferPanel({ id }: { id: string }) {
  const offer = useOffer(id);
  if (!offer.data) return null;
  return <OfferState offer={offer.data} />;
}

function OfferState({ offer }: { offer: Offer }) {
  const [countering, setCountering] = useState(false);
  const answer = useAnswerOffer();
  const withdraw = useWithdrawOffer();
  const release = useReleaseOffer();
  const confirm = useConfirmPurchase();
  const busy = answer.isPending || withdraw.isPending || release.isPending || confirm.isPending;
  const myTurn = offer.status === 'open' && offer.turn === offer.side;
  // The failures' toasts come from the mutation cache (lib/query-client.ts).
  const quietly = async (move: Promise<unknown>) => {
    await move.catch(() => undefined);
  };
  return (
    <section aria-label="Offer" className="rounded-box border border-primary/40 bg-base-200/60 p-3 sm:p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p>
          <span className="font-semibold">Offer: {formatMoney(offer.amount)}</span>{' '}
          <span className="badge badge-outline ml-1">{offerStatusText(offer)}</span>
        </p>
        {offer.expiresAt ? (
          <p className="text-sm text-base-content/75">
            Expires <LocalDate value={offer.expiresAt} style="medium-time" />
          </p>
        ) : null}
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        {myTurn ? (
          <>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={busy}
              onClick={() => quietly(answer.mutateAsync({ id: offer.id, answer: { action: 'accept' } }))}
            >
              Accept {formatMoney(offer.amount)}
            </button>
            {offer.side === 'seller' ? (
              <button
                type="button"
                className="btn btn-outline btn-sm"
                disabled={busy}
                onClick={() =>
                  quietly(answer.mutateAsync({ id: offer.id, answer: { action: 'decline', message: '' } }))
                }
              >
                Decline
              </button>
            ) : null}
            <button
              type="button"
              className="btn btn-outline btn-sm"
              aria-expanded={countering}
              disabled={busy}
              onClick={() => setCountering((open) => !open)}
            >
              Counter
            </button>
          </>
        ) : null}
        {offer.status === 'open' && offer.side === 'buyer' ? (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={busy}
            onClick={() => quietly(withdraw.mutateAsync(offer.id))}
          >
            Withdraw offer
          </button>
        ) : null}
        {offer.status === 'accepted' && offer.side === 'buyer' && !offer.deposit ? (
          <Link to={paths.payDeposit(offer.id)} className="btn btn-primary btn-sm">
            Pay the {formatCharge(HOLDING_DEPOSIT_CENTS)} holding deposit
          </Link>
        ) : null}
        {offer.status === 'accepted' && offer.side === 'buyer' && !offer.purchaseConfirmedAt ? (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={busy}
            onClick={() => quietly(confirm.mutateAsync(offer.id))}
          >
            Confirm the purchase
          </button>
        ) : null}
        {offer.status === 'accepted' && offer.side === 'seller' && offer.purchaseConfirmedAt ? (
          <Link to={paths.dashSellerCars} className="btn btn-primary btn-sm">
            Buyer confirmed — mark sold
          </Link>
        ) : null}
        {offer.status === 'accepted' && offer.side === 'seller' ? (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={busy}
            onClick={() => quietly(release.mutateAsync(offer.id))}
          >
            Release the reservation
          </button>
        ) : null}
      </div>
      <ReservationNotes offer={offer} />
      {myTurn && countering ? (
        <div className="mt-3">
          <OfferForm
            label="Your counter"
            submitLabel="Send counter"
            pending={answer.isPending}
            onSubmit={(amount, message) =>
              quietly(
                answer
                  .mutateAsync({ id: offer.id, answer: { action: 'counter', amount, message } })
                  .then(() => setCountering(false)),
              )
            }
          />
        </div>
      ) : null}
    </section>
  );
}

/** A reservation's deposit and deadline, and a deposit's fate once it ended. */
function ReservationNotes({ offer }: { offer: Offer }) {
  const deposit = depositText(offer);
  const held = offer.status === 'accepted';
  if (!deposit && !held) return null;
  return (
    <ul className="mt-3 flex flex-col gap-1 text-sm text-base-content/80">
      {deposit ? <li>{deposit}.</li> : null}
      {held && !offer.deposit && offer.side === 'buyer' ? (
        <li>The deposit is refunded to your card if the reservation ends without the sale.</li>
      ) : null}
      {held && offer.purchaseConfirmedAt ? (
        <li>
          {offer.side === 'buyer'
            ? 'You confirmed the purchase: the seller marks the car sold once the sale is done.'
            : 'The buyer confirmed the purchase: mark the car sold once the sale is done.'}
        </li>
      ) : null}
      {held && offer.reservedUntil ? (
        <li>
          Reserved until <LocalDate value={offer.reservedUntil} style="medium-time" />, unless{' '}
          {offer.side === 'buyer' ? 'you confirm' : 'the buyer confirms'} the purchase before then.
        </li>
      ) : null}
    </ul>
  );
}
