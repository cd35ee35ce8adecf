import { type Car, carName, type User } from '@redline/shared';
import { useNavigate } from 'react-router';
import { AccountActionDialog } from '../../../components/ui/account-action-dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useMakeOffer } from '../api/make-offer.ts';
import { OfferForm } from './offer-form.tsx';

/**
 * "Make an offer": an amount up to the asking price and a message, which show in the buyer's
 * conversation with the seller. A visitor's goes to sign in, and the form opens when they come back
 * as a buyer. A car sold or reserved takes no offer.
 */
export function MakeOfferButton({
  car,
  user,
}: {
  car: Pick<
    Car,
    'id' | 'year' | 'brand' | 'model' | 'trim' | 'seller' | 'askingPrice' | 'soldAt' | 'reservedAt'
  >;
  /** The signed-in buyer, or null for a visitor. */
  user: User | null;
}) {
  const make = useMakeOffer();
  const navigate = useNavigate();
  if (car.soldAt || car.reservedAt) return null;
  return (
    <AccountActionDialog
      action="offer"
      user={user}
      label="Make an offer"
      busy={make.isPending}
      description={`Offer ${car.seller} an amount for the ${carName(car)}. They accept, decline or counter before it expires; your offer and its answers show in your conversation.`}
    >
      {(close) => (
        <OfferForm
          label="Your offer"
          askingPrice={car.askingPrice}
          submitLabel="Send offer"
          pending={make.isPending}
          onSubmit={async (amount, message) => {
            // A refusal's toast comes from the mutation cache (lib/query-client.ts).
            const offer = await make.mutateAsync({ carId: car.id, amount, message }).catch(() => null);
            if (!offer) return;
            close();
            toast.success('Offer sent.');
            await navigate(paths.conversation(offer.conversationId));
          }}
        />
      )}
    </AccountActionDialog>
  );
}
