import { PageHead } from '../../../components/ui/page-head.tsx';
import { OffersList } from '../../../features/offers/index.ts';

export default function SellerOffersPage() {
  return (
    <div>
      <PageHead title="Offers received" description="The offers buyers made on your cars." />
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Offers received</h1>
        <p className="mt-1 text-base-content/75">
          Each offer opens its conversation with the buyer, where you accept, decline or counter it, or
          release a car you reserved.
        </p>
      </header>
      <OffersList side="seller" />
    </div>
  );
}
