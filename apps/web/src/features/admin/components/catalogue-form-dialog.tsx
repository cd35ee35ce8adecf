/** A dialog that asks for one thing (a name, a make to merge into) and sends it: the catalogue's edits. */
import { type FormEvent, type ReactNode, useId } from 'react';
import { Modal } from '../../../components/ui/modal.tsx';

type CatalogueFormDialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** The form's fields (named), the first marked `data-autofocus`. */
  children: ReactNode;
  submitLabel: string;
  pending: boolean;
  tone?: 'primary' | 'danger';
  onSubmit: (form: FormData) => void;
};

export function CatalogueFormDialog({
  open,
  onClose,
  title,
  description,
  children,
  submitLabel,
  pending,
  tone = 'primary',
  onSubmit,
}: CatalogueFormDialogProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(new FormData(event.currentTarget));
  };
  return (
    <Modal open={open} onClose={onClose} title={title} description={description} busy={pending}>
      <form onSubmit={submit} className="flex flex-col gap-3">
        {children}
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={pending}>
            Cancel
          </button>
          <button
            type="submit"
            className={`btn ${tone === 'danger' ? 'btn-error' : 'btn-primary'}`}
            disabled={pending}
          >
            {pending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
            {submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** A labelled text input of such a dialog. */
export function DialogInput({
  name,
  label,
  defaultValue,
  hint,
  ...props
}: {
  name: string;
  label: string;
  defaultValue?: string;
  hint?: string;
  maxLength?: number;
  pattern?: string;
  autoCapitalize?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        className="input input-bordered w-full"
        defaultValue={defaultValue}
        required
        autoComplete="off"
        aria-describedby={hint ? `${id}-hint` : undefined}
        data-autofocus
        {...props}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-base-content/70">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A make's country, as the server takes it (two capital letters; typed in either case). */
export function CountryInput({ defaultValue }: { defaultValue?: string }) {
  return (
    <DialogInput
      name="country"
      label="Country"
      defaultValue={defaultValue}
      maxLength={2}
      pattern="[A-Za-z]{2}"
      autoCapitalize="characters"
      hint="Two letters (ISO 3166-1), such as IT or GB."
    />
  );
}

/** A labelled choice among entries (a make, a model) of such a dialog. */
export function DialogSelect({
  name,
  label,
  options,
}: {
  name: string;
  label: string;
  options: { id: number; name: string }[];
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <select name={name} className="select select-bordered w-full" required defaultValue="" data-autofocus>
        <option value="" disabled>
          Choose…
        </option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </label>
  );
}
