import { type Car, carName, type User } from '@redline/shared';
import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { Modal } from '../../../components/ui/modal.tsx';
import { useActionOnReturn, useSignInThen } from '../../../lib/account-action.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useReportedState } from '../api/get-reported-state.ts';
import { reportMutationKey } from '../api/report-car.ts';

// Loaded when the buyer opens it, not with the car page: its validation (zod) and form library.
const ReportForm = lazy(() => import('./report-form.tsx').then((m) => ({ default: m.ReportForm })));

type ReportButtonProps = {
  car: Pick<Car, 'id' | 'year' | 'brand' | 'model' | 'trim'>;
  /** The signed-in user, null for a visitor (who signs in to report it); only a Buyer can report a car. */
  user: User | null;
};

function FlagIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M5 21V4m0 0h11l-2 4 2 4H5" />
    </svg>
  );
}

/**
 * "Report about this post": a reason from the shared list plus free text, once per buyer and car.
 * Whether the buyer already reported it comes from the API, so "Reported" stays after a reload.
 * A visitor's goes to sign in, and the form is open when they come back as a buyer.
 */
export function ReportButton({ car, user }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  const pending = useIsMutating({ mutationKey: reportMutationKey }) > 0;
  const isBuyer = user?.role === 'Buyer';
  const reportedState = useReportedState(car.id, { enabled: isBuyer });
  const reported = reportedState.data?.reported === true;
  const queryClient = useQueryClient();
  const signIn = useSignInThen('report');
  useActionOnReturn('report', isBuyer && reportedState.isSuccess, () => setOpen(!reported));

  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-sm gap-1.5 text-base-content/80"
        aria-haspopup="dialog"
        disabled={user !== null && (!isBuyer || reported)}
        title={user && !isBuyer ? 'Only buyers can report posts' : undefined}
        onClick={user ? () => setOpen(true) : signIn}
      >
        <FlagIcon />
        {reported ? 'Reported' : 'Report about this post'}
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        busy={pending}
        loadingLabel="Loading the report form"
        title="Report about this post"
        description={`Tell the admins what is wrong with the ${carName(car)}. They review every report.`}
      >
        <ReportForm
          carId={car.id}
          onReported={() => {
            queryClient.setQueryData(queryKeys.reports.state(car.id), { reported: true });
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      </Modal>
    </>
  );
}
