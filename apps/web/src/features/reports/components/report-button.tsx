import { type Car, carName, REPORT_REASONS, type User } from '@redline/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ReportDialog } from '../../../components/ui/report-dialog.tsx';
import { useSignInThen } from '../../../lib/account-action.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useReportedState } from '../api/get-reported-state.ts';
import { useReportCar } from '../api/report-car.ts';

export const REPORTED_MESSAGE = 'Your report has been submitted. Admin will preview this post. Thanks';

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
  const report = useReportCar();
  const isBuyer = user?.role === 'Buyer';
  const reportedState = useReportedState(car.id, { enabled: isBuyer });
  const queryClient = useQueryClient();
  const signIn = useSignInThen('report');

  return (
    <ReportDialog
      label="Report about this post"
      className="btn btn-ghost btn-sm gap-1.5 text-base-content/80"
      icon={<FlagIcon />}
      unavailable={user && !isBuyer ? 'Only buyers can report posts' : undefined}
      reported={reportedState.data?.reported === true}
      signIn={user ? undefined : signIn}
      openOnReturn={isBuyer && reportedState.isSuccess}
      title="Report about this post"
      description={`Tell the admins what is wrong with the ${carName(car)}. They review every report.`}
      id="report"
      legend="What is wrong with this post?"
      reasons={REPORT_REASONS}
      placeholder="What did you notice? Anything that helps the admin check this post."
      subject={{ carId: car.id }}
      loadSchema={() => import('../utils/schemas.ts').then((m) => m.reportInputSchema)}
      send={report.mutateAsync}
      pending={report.isPending}
      reportedMessage={REPORTED_MESSAGE}
      onReported={() => queryClient.setQueryData(queryKeys.reports.state(car.id), { reported: true })}
    />
  );
}
