import { PageHead } from '../../../components/ui/page-head.tsx';
import { OffersList } from '../../../features/offers/index.ts';

export default function BuyerOffersPage() {
  return (
    <div>
      <PageHead title="My Offers" description="The offers you made on cars, and the sellers' answers." />
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My Offers</h1>
        <p className="mt-1 text-base-content/75">
          Each offer opens its conversation with the seller, where you answer a counter or withdraw it.
        </p>
      </header>
      <OffersList side="buyer" />
    </div>
  );
}
