import type { User } from '@redline/shared';
import { type ReactNode, useState } from 'react';
import { type AccountAction, useActionOnReturn, useSignInThen } from '../../lib/account-action.ts';
import { Modal } from './modal.tsx';

type AccountActionDialogProps = {
  action: AccountAction;
  /** The signed-in user, or null for a visitor. */
  user: User | null;
  /** The button's name ("Message the seller"), also the dialog's title. */
  label: string;
  description: ReactNode;
  /** While a request of the dialog's is on its way: it does not close. */
  busy: boolean;
  /** The dialog's content, given how to close it. */
  children: (close: () => void) => ReactNode;
};

/**
 * A button that opens a dialog for what a buyer does on a car's page (a message, an offer): a
 * visitor's goes to sign in, and the dialog opens when they come back as a buyer (lib/account-action.ts).
 */
export function AccountActionDialog({
  action,
  user,
  label,
  description,
  busy,
  children,
}: AccountActionDialogProps) {
  const [open, setOpen] = useState(false);
  const signIn = useSignInThen(action);
  useActionOnReturn(action, user?.role === 'Buyer', () => setOpen(true));
  const close = () => setOpen(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-sm gap-1.5"
        aria-haspopup="dialog"
        onClick={user ? () => setOpen(true) : signIn}
      >
        {label}
      </button>
      <Modal open={open} onClose={close} busy={busy} title={label} description={description}>
        {children(close)}
      </Modal>
    </>
  );
}
