import { ErrorState, ListSkeleton } from '../../../components/ui/list-states.tsx';
import { PageHead } from '../../../components/ui/page-head.tsx';
import { DealerProfileForm, useMyDealerProfile } from '../../../features/dealers/index.ts';
import { useMe } from '../../../lib/auth.ts';

/** The seller's dealer profile: become a dealer, change the profile, or go back to selling privately. */
export default function SellerDealerPage() {
  const profile = useMyDealerProfile();
  const me = useMe();
  return (
    <div>
      <PageHead title="Dealer profile" description="Sell on Redline as a business." />
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Dealer profile</h1>
        <p className="mt-1 text-base-content/75">
          As a dealer, your page shows your business, logo, address, opening hours and how to reach you, above
          your cars. Admins verify dealers: verified ones get a badge.
        </p>
      </header>
      {profile.isPending ? (
        <ListSkeleton label="Loading your dealer profile" />
      ) : profile.isError ? (
        <ErrorState
          message={`Could not load your dealer profile. ${profile.error.message}`}
          onRetry={() => profile.refetch()}
        />
      ) : (
        <DealerProfileForm
          // A new form once the profile is made or removed: its values and logo start from it.
          key={profile.data ? 'dealer' : 'private'}
          dealer={profile.data}
          sellerName={me.data?.name ?? ''}
        />
      )}
    </div>
  );
}
