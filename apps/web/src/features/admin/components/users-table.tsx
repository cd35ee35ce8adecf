import type { ListedSeller, User } from '@redline/shared';
import { useState } from 'react';
import { EmailAddress } from '../../../components/ui/email-address.tsx';
import { EmptyState, ErrorState, ListSkeleton, LoadMoreButton } from '../../../components/ui/list-states.tsx';
import { ConfirmDialog } from '../../../components/ui/modal.tsx';
import { StackCell, StackRow, StackTable } from '../../../components/ui/stack-table.tsx';
import { VerifiedBadge, VerifiedDealerBadge } from '../../../components/ui/verified-badge.tsx';
import { toast } from '../../../lib/toast.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useUsers } from '../api/get-users.ts';
import type { ManagedRole } from '../api/managed-role.ts';
import { useVerifyUser } from '../api/verify-user.ts';
import { DealerVerificationDialog } from './dealer-verification-dialog.tsx';

export const VERIFIED_MESSAGE = 'Verified user successfully';
export const DELETED_USER_MESSAGE = 'Deleted user successfully';

const COLUMNS = [
  'Name',
  'Email',
  'Verification',
  <span key="actions" className="sr-only">
    Actions
  </span>,
];

const NOUN: Record<ManagedRole, { one: 'buyer' | 'seller'; many: string }> = {
  Buyer: { one: 'buyer', many: 'buyers' },
  Seller: { one: 'seller', many: 'sellers' },
};

/** All Buyers / All Sellers: verify an account or delete it (after a confirmation). */
export function UsersTable({ userRole: role }: { userRole: ManagedRole }) {
  const users = useUsers(role);
  const verify = useVerifyUser();
  const remove = useDeleteUser();
  const [verifying, setVerifying] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<User | null>(null);
  const [dealerOf, setDealerOf] = useState<ListedSeller | null>(null);
  const noun = NOUN[role];

  if (users.isPending) return <ListSkeleton label={`Loading ${noun.many}`} />;
  if (users.isError) {
    return (
      <ErrorState
        message={`Could not load the ${noun.many}. ${users.error.message}`}
        onRetry={() => users.refetch()}
      />
    );
  }

  const items = users.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return <EmptyState title={`No ${noun.many} yet`}>Accounts appear here as people sign up.</EmptyState>;
  }

  const verifyUser = (user: User) => {
    setVerifying(user.id);
    verify.mutate(
      { role, id: user.id },
      { onSuccess: () => toast.success(VERIFIED_MESSAGE), onSettled: () => setVerifying(null) },
    );
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.email, {
      onSuccess: () => toast.success(DELETED_USER_MESSAGE),
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <>
      <StackTable caption={`All ${noun.many}`} columns={COLUMNS}>
        {items.map((user) => (
          <StackRow key={user.id}>
            <StackCell primary>
              <span className="font-semibold">{user.name}</span>
              {user.renamedFrom ? (
                // The rename cleared the verification: the admin checks the new name before verifying again.
                <span className="mt-1 block text-sm">
                  <span className="badge badge-warning badge-sm me-1">Name changed — re-verify</span>
                  verified as <q>{user.renamedFrom}</q>
                </span>
              ) : null}
              {'dealer' in user && user.dealer ? (
                <span className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                  <span>
                    Dealer: <span className="font-medium">{user.dealer.businessName}</span>
                  </span>
                  {user.dealer.verified ? (
                    <VerifiedDealerBadge />
                  ) : (
                    <span className="badge badge-ghost badge-sm">Dealer not verified</span>
                  )}
                </span>
              ) : null}
            </StackCell>
            <StackCell label="Email">
              <EmailAddress address={user.email} />
            </StackCell>
            <StackCell label="Verification">
              {user.isVerified ? (
                <VerifiedBadge subject={noun.one} size="md" />
              ) : (
                <button
                  type="button"
                  className="btn btn-primary btn-sm"
                  aria-label={`Verify ${user.name}`}
                  disabled={verifying === user.id}
                  onClick={() => verifyUser(user)}
                >
                  {verifying === user.id ? (
                    <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                  ) : null}
                  Verify
                </button>
              )}
            </StackCell>
            <StackCell actions>
              {'dealer' in user && user.dealer ? (
                <button
                  type="button"
                  className="btn btn-outline btn-sm flex-1 md:flex-none"
                  aria-label={`Dealer verification of ${user.name}`}
                  onClick={() => setDealerOf(user)}
                >
                  Dealer verification
                </button>
              ) : null}
              <button
                type="button"
                className="btn btn-outline btn-error btn-sm flex-1 md:flex-none"
                aria-label={`Delete User ${user.name}`}
                onClick={() => setToDelete(user)}
              >
                Delete User
              </button>
            </StackCell>
          </StackRow>
        ))}
      </StackTable>
      <LoadMoreButton
        hasNextPage={users.hasNextPage}
        isFetchingNextPage={users.isFetchingNextPage}
        fetchNextPage={users.fetchNextPage}
      />
      {dealerOf?.dealer ? (
        <DealerVerificationDialog
          seller={dealerOf}
          dealer={dealerOf.dealer}
          onClose={() => setDealerOf(null)}
        />
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
        pending={remove.isPending}
        title={`Delete this ${noun.one}?`}
        confirmLabel="Delete User"
      >
        {toDelete ? (
          <p>
            <strong>{toDelete.name}</strong> ({toDelete.email}) will be signed out and their account deleted.{' '}
            {role === 'Seller'
              ? 'Their cars go with it; paid bookings and payments stay for accounting.'
              : 'Their saved cars, reports and unpaid bookings go with it; payments stay for accounting.'}{' '}
            This cannot be undone.
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
