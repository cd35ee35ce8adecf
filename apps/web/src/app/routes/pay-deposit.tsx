import { formatCharge, formatMoney, HOLDING_DEPOSIT_CENTS } from '@redline/shared';
import { Link, useParams } from 'react-router';
import { PageHead } from '../../components/ui/page-head.tsx';
import { paths } from '../../config/paths.ts';
import { useOffer } from '../../features/offers/index.ts';
import { PaymentPanel } from '../../features/payments/index.ts';
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
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <PageHead title="Pay the holding deposit" description="Hold the car your offer reserved." />
      <nav aria-label="Breadcrumb" className="breadcrumbs mb-4 p-0 text-sm">
        <ul>
          <li>
            <Link to={paths.dashboard}>Dashboard</Link>
          </li>
          <li>
            <Link to={paths.dashBuyerOffers}>My Offers</Link>
          </li>
          <li>
            <span aria-current="page">Deposit</span>
          </li>
        </ul>
      </nav>
      <header className="mb-8 max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
          {offer.data?.deposit ? 'Your deposit is paid' : 'Hold the car with a deposit'}
        </h1>
        <p className="mt-2 text-base-content/75">
          The {deposit} deposit shows the seller you mean to buy. It is refunded to your card if the seller
          releases the car, the reservation lapses, or the car goes to someone else; it counts towards the
          price once you confirm the purchase and the seller marks the car sold.
        </p>
      </header>
      {offer.isPending ? (
        <div className="skeleton min-h-96 w-full" aria-busy="true" />
      ) : offer.isError ? (
        <div
          role="alert"
          className="alert alert-error alert-soft flex flex-col items-start gap-3 sm:flex-row"
        >
          <span>Could not load the offer. {offer.error.message}</span>
          <button type="button" className="btn btn-sm sm:ml-auto" onClick={() => offer.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:gap-8">
          <section
            aria-label="The reservation"
            className="card overflow-hidden border border-base-300 bg-base-100 shadow-sm"
          >
            <img
              src={offer.data.carPhoto}
              alt={offer.data.carName}
              width={480}
              height={300}
              className="aspect-[16/10] w-full bg-base-200 object-cover"
            />
            <div className="card-body gap-2 p-5">
              <h2 className="text-xl font-bold">{offer.data.carName}</h2>
              <p>
                Reserved for you at <span className="font-semibold">{formatMoney(offer.data.amount)}</span> by{' '}
                {offer.data.sellerName}.
              </p>
              <Link to={paths.conversation(offer.data.conversationId)} className="link link-primary w-fit">
                Open the conversation
              </Link>
            </div>
          </section>
          {offer.data.deposit ? (
            <div role="status" className="alert alert-success alert-soft">
              The {formatCharge(offer.data.deposit.amount)} deposit is paid: the car is held for you.
            </div>
          ) : offer.data.status === 'accepted' ? (
            <PaymentPanel paidFor={{ offerId: offer.data.id }} onPaid={() => offer.refetch()} />
          ) : (
            <div role="alert" className="alert alert-warning alert-soft">
              This car is no longer reserved for you: the deposit can no longer be paid.
            </div>
          )}
        </div>
      )}
    </div>
  );
}
