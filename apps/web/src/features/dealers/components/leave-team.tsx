/** A team member stops selling for their dealer, after a confirmation; what they did stays the dealer's. */
import type { SellsFor } from '@redline/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/modal.tsx';
import { toast } from '../../../lib/toast.ts';
import { useLeaveTeam } from '../api/leave-team.ts';

export function LeaveTeam({ sellsFor }: { sellsFor: SellsFor }) {
  const [asking, setAsking] = useState(false);
  const leave = useLeaveTeam();
  const dealer = sellsFor.businessName ?? 'the dealer';
  return (
    <section aria-labelledby="leave-team" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3">
        <h2 id="leave-team" className="card-title text-lg">
          Your place in {dealer}
        </h2>
        <p className="text-sm text-base-content/75">
          You sell for {dealer} as a {sellsFor.role}: the cars, test drives, offers and messages here are the
          dealership’s. Leaving ends your access to them; they stay with {dealer}.
        </p>
        <div>
          <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => setAsking(true)}>
            Leave {dealer}
          </button>
        </div>
      </div>
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          leave.mutate(undefined, {
            onSuccess: () => toast.success(`You no longer sell for ${dealer}`),
          })
        }
        title={`Leave ${dealer}?`}
        confirmLabel="Leave"
        cancelLabel="Stay"
        pending={leave.isPending}
      >
        You lose access to the dealership’s cars and leads at once. Only the dealer can invite you again.
      </ConfirmDialog>
    </section>
  );
}
