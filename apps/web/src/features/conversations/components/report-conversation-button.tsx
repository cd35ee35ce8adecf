import { useIsMutating } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { Modal } from '../../../components/ui/modal.tsx';
import { reportConversationMutationKey } from '../api/report-conversation.ts';

// Loaded when the participant opens it, not with the conversation: its validation and form library.
const ReportConversationForm = lazy(() =>
  import('./report-conversation-form.tsx').then((m) => ({ default: m.ReportConversationForm })),
);

/** "Report": a reason and details, once per participant; it shares the conversation with the admins. */
export function ReportConversationButton({ conversationId }: { conversationId: string }) {
  const [open, setOpen] = useState(false);
  const [reported, setReported] = useState(false);
  const pending = useIsMutating({ mutationKey: reportConversationMutationKey }) > 0;

  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-sm ml-auto text-base-content/80"
        aria-haspopup="dialog"
        disabled={reported}
        onClick={() => setOpen(true)}
      >
        {reported ? 'Reported' : 'Report'}
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        busy={pending}
        loadingLabel="Loading the report form"
        title="Report this conversation"
        description="Tell the admins what is wrong. The admins will be able to read this conversation."
      >
        <ReportConversationForm
          conversationId={conversationId}
          onReported={() => {
            setReported(true);
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      </Modal>
    </>
  );
}
