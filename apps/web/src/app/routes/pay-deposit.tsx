import { formatCharge, formatMoney, HOLDING_DEPOSIT_CENTS } from '@redline/shared';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useOffer } from '../../features/offers/index.ts';
import { PaymentPage, PaymentPanel } from '../../features/payments/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import NotFoundPage from './not-found.tsx';

/**
 * `/buyer/offers/:id/deposit`: the buyer pays the refundable holding deposit of the car their
 * accepted offer reserved, through the test drives' card form; once paid, the offer shows it.
 */
export default function PayDepositPage() {
  const { id = '' } = useParams();
  const offer = useOffer(id);
  // Someone else's offer or a malformed id: the server answers 404 (400); a seller has no deposit to pay.
  const missing =
    (offer.error instanceof ApiError && (offer.error.status === 404 || offer.error.status === 400)) ||
    offer.data?.side === 'seller';
  if (missing) return <NotFoundPage />;
  const deposit = formatCharge(HOLDING_DEPOSIT_CENTS);

  return (
    <PaymentPage
      head={{ title: 'Pay the holding deposit', description: 'Hold the car your offer reserved.' }}
      list={{ to: paths.dashBuyerOffers, label: 'My Offers' }}
      crumb="Deposit"
      heading={offer.data?.deposit ? 'Your deposit is paid' : 'Hold the car with a deposit'}
      lead={`The ${deposit} deposit shows the seller you mean to buy. It is refunded to your card if the seller releases the car, the reservation lapses, or the car goes to someone else; it counts towards the price once you confirm the purchase and the seller marks the car sold.`}
      loads="the offer"
      query={offer}
      pending={<div className="skeleton min-h-96 w-full" aria-busy="true" />}
    >
      {() => {
        const reserved = offer.data!;
        return (
          <>
            <section
              aria-label="The reservation"
              className="card overflow-hidden border border-base-300 bg-base-100 shadow-sm"
            >
              <img
                src={reserved.carPhoto}
                alt={reserved.carName}
                width={480}
                height={300}
                className="aspect-[16/10] w-full bg-base-200 object-cover"
              />
              <div className="card-body gap-2 p-5">
                <h2 className="text-xl font-bold">{reserved.carName}</h2>
                <p>
                  Reserved for you at <span className="font-semibold">{formatMoney(reserved.amount)}</span> by{' '}
                  {reserved.sellerName}.
                </p>
                <Link to={paths.conversation(reserved.conversationId)} className="link link-primary w-fit">
                  Open the conversation
                </Link>
              </div>
            </section>
            {reserved.deposit ? (
              <div role="status" className="alert alert-success alert-soft">
                The {formatCharge(reserved.deposit.amount)} deposit is paid: the car is held for you.
              </div>
            ) : reserved.status === 'accepted' ? (
              <PaymentPanel paidFor={{ offerId: reserved.id }} onPaid={() => offer.refetch()} />
            ) : (
              <div role="alert" className="alert alert-warning alert-soft">
                This car is no longer reserved for you: the deposit can no longer be paid.
              </div>
            )}
          </>
        );
      }}
    </PaymentPage>
  );
}
