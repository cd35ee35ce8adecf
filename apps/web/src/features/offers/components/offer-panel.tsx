import { formatMoney, type Offer } from '@redline/shared';
import { useState } from 'react';
import { LocalDate } from '../../../components/ui/local-date.tsx';
import { useAnswerOffer } from '../api/answer-offer.ts';
import { useOffer } from '../api/get-offer.ts';
import { useReleaseOffer } from '../api/release-offer.ts';
import { useWithdrawOffer } from '../api/withdraw-offer.ts';
import { offerStatusText } from '../utils/offer-status.ts';
import { OfferForm } from './offer-form.tsx';

/**
 * An offer beside its conversation: the amount on the table, where it stands, and the moves of the
 * side whose turn it is (accept, decline for the seller, counter); the buyer may withdraw an open
 * offer, the seller release the car an accepted one reserved. The server refuses a move out of turn
 * (409) whatever this shows.
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
  const busy = answer.isPending || withdraw.isPending || release.isPending;
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
