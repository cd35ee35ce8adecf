import { formatMoney, type Offer, type OfferSide } from '@redline/shared';
import { Link } from 'react-router';
import { CarThumbnail } from '../../../components/ui/car-thumbnail.tsx';
import { EmptyState, ErrorState, ListSkeleton, LoadMoreButton } from '../../../components/ui/list-states.tsx';
import { LocalDate } from '../../../components/ui/local-date.tsx';
import { paths } from '../../../config/paths.ts';
import { useOffers } from '../api/get-offers.ts';
import { depositText, offerStatusText } from '../utils/offer-status.ts';

/**
 * The caller's offers on one side (made as a buyer, received as a seller), the latest change first:
 * each opens its conversation, where its moves and the answer to give are.
 */
export function OffersList({ side }: { side: OfferSide }) {
  const offers = useOffers(side);
  if (offers.isPending) return <ListSkeleton label="Loading your offers" />;
  if (offers.isError) {
    return (
      <ErrorState
        message={`Could not load your offers. ${offers.error.message}`}
        onRetry={() => offers.refetch()}
      />
    );
  }
  const items = offers.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return side === 'buyer' ? (
      <EmptyState
        title="No offers yet"
        action={
          <Link to={paths.search()} className="btn btn-primary">
            Find a car
          </Link>
        }
      >
        Make an offer from a car's page; the seller's answers show here and in your conversation.
      </EmptyState>
    ) : (
      <EmptyState title="No offers yet">Buyers' offers on your cars show up here.</EmptyState>
    );
  }
  return (
    <>
      <ul className="flex flex-col gap-2">
        {items.map((offer) => {
          const yourTurn = offer.status === 'open' && offer.turn === offer.side;
          return (
            <li key={offer.id}>
              <Link
                to={paths.conversation(offer.conversationId)}
                className={`flex flex-wrap items-center gap-3 rounded-box border p-3 sm:flex-nowrap transition-colors hover:bg-base-200 sm:gap-4 sm:p-4 ${
                  yourTurn ? 'border-primary/40 bg-primary/5' : 'border-base-300'
                }`}
              >
                <CarThumbnail src={offer.carPhoto} name={offer.carName} />
                <span className="flex min-w-0 flex-[1_1_10rem] flex-col gap-0.5">
                  <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="font-semibold">{offer.carName}</span>
                    <span className="text-xs text-base-content/70">
                      <LocalDate value={offer.updatedAt} style="medium-time" />
                    </span>
                  </span>
                  <span className="text-sm text-base-content/80">
                    {formatMoney(offer.amount)} · {side === 'buyer' ? offer.sellerName : offer.buyerName}
                  </span>
                  {reservationNote(offer) ? (
                    <span className="text-sm text-base-content/80">{reservationNote(offer)}</span>
                  ) : null}
                </span>
                <span className={`badge shrink-0 ${yourTurn ? 'badge-primary' : 'badge-outline'}`}>
                  {offerStatusText(offer)}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      <LoadMoreButton
        hasNextPage={offers.hasNextPage}
        isFetchingNextPage={offers.isFetchingNextPage}
        fetchNextPage={offers.fetchNextPage}
      />
    </>
  );
}

/** What a reservation's row adds: its deposit, and the buyer's confirmation while it holds. */
function reservationNote(offer: Offer) {
  const notes = [depositText(offer)];
  if (offer.status === 'accepted' && offer.purchaseConfirmedAt)
    notes.push(offer.side === 'seller' ? 'Buyer confirmed: mark the car sold' : 'Purchase confirmed');
  return notes.filter(Boolean).join(' · ');
}
