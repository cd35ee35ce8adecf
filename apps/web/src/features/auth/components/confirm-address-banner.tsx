import { useMe } from '../../../lib/auth.ts';
import { useSendConfirmationLink } from '../api/send-confirmation-link.ts';

/**
 * A quiet reminder above every dashboard page while the user's address is unconfirmed: the app works
 * meanwhile, only notification e-mails wait for it. Offers the link again.
 */
export function ConfirmAddressBanner() {
  const { data: me } = useMe();
  const send = useSendConfirmationLink();
  if (me?.emailVerified !== false) return null;
  return (
    <section
      aria-label="Confirm your e-mail address"
      className="alert alert-soft mb-4 flex flex-wrap items-center justify-between gap-2 text-sm"
    >
      <p className="min-w-0 flex-1 basis-60">
        Confirm your address to get e-mail notifications: open the link we sent to{' '}
        <span className="break-words font-medium">{me.email}</span>.
      </p>
      {send.isSuccess ? (
        <p role="status">A new link is on its way.</p>
      ) : (
        <button
          type="button"
          className="btn btn-sm"
          disabled={send.isPending}
          onClick={() => send.mutate(me.email)}
        >
          Send the link again
        </button>
      )}
    </section>
  );
}
