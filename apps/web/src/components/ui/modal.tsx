/**
 * daisyUI modals on the native <dialog> (focus trap, Escape, top layer for free). A modal is
 * mounted only while open, so forms inside start fresh each time; focus moves to the element
 * marked `data-autofocus` (else the first control) and returns to the opener on close. Content
 * loaded on opening (a lazy form) shows a spinner, announced as `loadingLabel`, until it has arrived.
 */
import { type ReactNode, type RefObject, Suspense, useId, useLayoutEffect, useRef } from 'react';
import { Spinner } from './spinner.tsx';

type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** While true (e.g. a request is on its way) Escape, the backdrop and the close button do nothing. */
  busy?: boolean;
  size?: 'md' | 'lg';
  /** What the spinner announces while lazy content loads. */
  loadingLabel?: string;
};

export function Modal({ open, ...props }: ModalProps) {
  return open ? <OpenModal {...props} /> : null;
}

function OpenModal({
  onClose,
  title,
  description,
  children,
  busy = false,
  size = 'md',
  loadingLabel = 'Loading',
}: Omit<ModalProps, 'open'>) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const close = () => {
    if (!busy) onClose();
  };

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Browsers without showModal (and jsdom) still get a visible, labelled dialog.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // Escape: React state decides whether the dialog stays open.
        event.preventDefault();
        close();
      }}
    >
      <div
        className={`modal-box max-h-[92dvh] overflow-y-auto p-5 sm:p-6 ${size === 'lg' ? 'sm:max-w-2xl' : 'sm:max-w-lg'}`}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-bold tracking-tight sm:text-xl">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm text-base-content/75">
                {description}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-circle -mr-2 -mt-1 shrink-0"
            aria-label="Close"
            onClick={close}
            disabled={busy}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              width="18"
              height="18"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </div>
        <Suspense
          fallback={
            <div className="my-8 flex justify-center">
              <Spinner label={loadingLabel} />
            </div>
          }
        >
          {children}
          <FocusOnArrival dialog={dialogRef} />
        </Suspense>
      </div>
      <div className="modal-backdrop">
        <button type="button" tabIndex={-1} onClick={close}>
          Close
        </button>
      </div>
    </dialog>
  );
}

/**
 * Content that arrives after the dialog opened (a lazy form, once loaded): the focus moves to its
 * `data-autofocus` element. Content there at once is focused when the dialog opens, above.
 */
function FocusOnArrival({ dialog }: { dialog: RefObject<HTMLDialogElement | null> }) {
  useLayoutEffect(() => {
    if (dialog.current?.hasAttribute('open'))
      dialog.current.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [dialog]);
  return null;
}

type ConfirmDialogProps = {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Shows a spinner on the confirm button and keeps the dialog open. */
  pending?: boolean;
  tone?: 'danger' | 'primary';
};

/** "Are you sure?" for actions that cannot be undone. Focus starts on the safe choice. */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Keep it',
  pending = false,
  tone = 'danger',
}: ConfirmDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={title} busy={pending}>
      {children ? <div className="text-sm leading-relaxed text-base-content/85">{children}</div> : null}
      <DialogActions
        cancelLabel={cancelLabel}
        onCancel={onClose}
        confirmLabel={confirmLabel}
        onConfirm={onConfirm}
        pending={pending}
        tone={tone}
        focusCancel
      />
    </Modal>
  );
}

type DialogActionsProps = {
  cancelLabel?: string;
  onCancel: () => void;
  confirmLabel: string;
  /** The action's handler; without it the action submits the form the buttons are in. */
  onConfirm?: () => void;
  /** Shows a spinner on the action and disables both buttons (a request is on its way). */
  pending?: boolean;
  tone?: 'danger' | 'primary';
  /** Focus starts on the way out (the safe choice of a confirmation). */
  focusCancel?: boolean;
};

/** A dialog's two buttons, side by side on wide screens and the action on top on phones. */
export function DialogActions({
  cancelLabel = 'Cancel',
  onCancel,
  confirmLabel,
  onConfirm,
  pending = false,
  tone = 'primary',
  focusCancel = false,
}: DialogActionsProps) {
  return (
    <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <button
        type="button"
        className="btn btn-ghost"
        onClick={onCancel}
        disabled={pending}
        data-autofocus={focusCancel || undefined}
      >
        {cancelLabel}
      </button>
      <button
        type={onConfirm ? 'button' : 'submit'}
        className={`btn ${tone === 'danger' ? 'btn-error' : 'btn-primary'}`}
        onClick={onConfirm}
        disabled={pending}
      >
        {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {confirmLabel}
      </button>
    </div>
  );
}
