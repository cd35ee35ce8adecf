import type { Me } from '@redline/shared';

/**
 * Whom a team member acts for (ADR 65): the cars, requests, offers and messages the dashboard
 * shows are that dealer's. Nothing for anyone selling for themselves.
 */
export function SellingFor({ user }: { user: Pick<Me, 'sellsFor'> }) {
  const { sellsFor } = user;
  if (!sellsFor || sellsFor.role === 'owner') return null;
  return (
    <p className="text-sm font-normal text-base-content/80">
      Selling for <strong className="font-semibold text-base-content">{sellsFor.businessName}</strong> as a{' '}
      {sellsFor.role}
    </p>
  );
}
