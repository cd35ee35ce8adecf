import type { SellerProfile } from '@redline/shared';
import { DealerHeader } from '../../../components/dealers/dealer-header.tsx';
import { InitialAvatar } from '../../../components/ui/initial-avatar.tsx';
import { LocalDate } from '../../../components/ui/local-date.tsx';
import { VerifiedBadge } from '../../../components/ui/verified-badge.tsx';

const HEADER_CLASS = 'mt-4 mb-10 flex items-center gap-4 border-b border-base-300 pb-6 sm:gap-5';

/** The top of a seller's page: a dealer's business, or who they are, whether an admin verified them, and since when they sell here. */
export function SellerHeader({ seller }: { seller: SellerProfile }) {
  if (seller.dealer) return <DealerHeader dealer={seller.dealer} sellerName={seller.name} />;
  return (
    <header className={HEADER_CLASS}>
      <InitialAvatar name={seller.name} size="lg" />
      <div className="min-w-0">
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">Seller</p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{seller.name}</h1>
          {seller.verified ? <VerifiedBadge subject="seller" size="md" /> : null}
        </div>
        <p className="mt-1 text-sm text-base-content/70">
          Member since <LocalDate value={seller.memberSince} style="month" />
        </p>
      </div>
    </header>
  );
}

export function SellerHeaderSkeleton() {
  return (
    <div role="status" aria-label="Loading the seller" className={HEADER_CLASS}>
      <div className="skeleton size-16 shrink-0 rounded-full" />
      <div className="flex flex-col gap-2">
        <div className="skeleton h-4 w-16" />
        <div className="skeleton h-9 w-56" />
        <div className="skeleton h-4 w-40" />
      </div>
    </div>
  );
}
