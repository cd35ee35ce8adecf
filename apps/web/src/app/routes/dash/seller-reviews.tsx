import { PageHead } from '../../../components/ui/page-head.tsx';
import { PageProgress } from '../../../components/ui/progress-bar.tsx';
import { ReceivedReviews } from '../../../features/reviews/index.ts';
import { useSeller } from '../../../features/sellers/index.ts';
import { useMe } from '../../../lib/auth.ts';

export default function SellerReviewsPage() {
  const me = useMe();
  // A team member sees the dealer's reviews; its owner and managers answer them (ADR 65).
  const sellsFor = me.data?.sellsFor;
  const id = sellsFor?.sellerId ?? me.data?.id ?? '';
  // The figures are those of the seller's page, from their profile.
  const profile = useSeller(id);
  return (
    <div>
      <PageHead title="Reviews" description="What buyers said after their test drives with you." />
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Reviews</h1>
        <p className="mt-1 text-base-content/75">
          Buyers review you after a test drive has taken place. Answer each once: everyone sees your answer
          under the review on your page.
        </p>
      </header>
      {me.data ? (
        <ReceivedReviews
          sellerId={id}
          summary={profile.data?.reviews}
          mayAnswer={sellsFor?.role !== 'salesperson'}
        />
      ) : (
        <PageProgress label="Loading your reviews" />
      )}
    </div>
  );
}
