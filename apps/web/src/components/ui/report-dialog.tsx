/**
 * The one way to report something to the admins (a car, a conversation, a review): a button that
 * opens a dialog with the report's form. Each feature gives its words, its reasons and how the report
 * is sent; once it went in, the button says "Reported" and is disabled.
 */
import { lazy, type ReactNode, useState } from 'react';
import { useActionOnReturn } from '../../lib/account-action.ts';
import { Modal } from './modal.tsx';
import type { ReportFormProps, ReportValues } from './report-form.tsx';

// Loaded when someone opens it, not with the page: its validation (zod) and form library. `lazy`
// drops the form's type parameter (what the subject's report holds): it is given back here.
const ReportForm = lazy(() =>
  import('./report-form.tsx').then((m) => ({ default: m.ReportForm })),
) as unknown as typeof import('./report-form.tsx').ReportForm;

type ReportDialogProps<Values extends ReportValues> = Omit<
  ReportFormProps<Values>,
  'onReported' | 'onCancel'
> & {
  /** The button's words until it is reported: "Report", "Report about this post". */
  label: string;
  className: string;
  icon?: ReactNode;
  /** What is reported, when the button's words do not say it: "the review by Ann" names it "Report the review by Ann". */
  subjectName?: string;
  /** Why this user may not report it: the button is disabled, with this as its title. */
  unavailable?: string;
  /** Already reported, as the server knows it. */
  reported?: boolean;
  /** A visitor's click instead of opening: to sign in first. */
  signIn?: () => void;
  /** The page was opened to report (the visitor signed in for it), and whether they may is known: opens once. */
  openOnReturn?: boolean;
  title: string;
  description: string;
  /** The report went in, or the caller had already reported it. */
  onReported?: () => void;
};

export function ReportDialog<Values extends ReportValues>({
  label,
  className,
  icon,
  subjectName,
  unavailable,
  reported: reportedBefore = false,
  signIn,
  openOnReturn = false,
  title,
  description,
  onReported,
  ...form
}: ReportDialogProps<Values>) {
  const [open, setOpen] = useState(false);
  const [reportedNow, setReportedNow] = useState(false);
  const reported = reportedBefore || reportedNow;
  useActionOnReturn('report', openOnReturn, () => setOpen(!reported));
  const close = () => setOpen(false);

  return (
    <>
      <button
        type="button"
        className={className}
        aria-haspopup="dialog"
        aria-label={subjectName ? `${reported ? 'Reported' : 'Report'} ${subjectName}` : undefined}
        disabled={unavailable !== undefined || reported}
        title={unavailable}
        onClick={signIn ?? (() => setOpen(true))}
      >
        {icon}
        {reported ? 'Reported' : label}
      </button>
      <Modal
        open={open}
        onClose={close}
        busy={form.pending}
        loadingLabel="Loading the report form"
        title={title}
        description={description}
      >
        <ReportForm
          {...form}
          onReported={() => {
            setReportedNow(true);
            onReported?.();
            close();
          }}
          onCancel={close}
        />
      </Modal>
    </>
  );
}
