/**
 * The car form's four declarations asked once for many cars (an import's commit, the feed's key),
 * judged by the same schema as the server's body, then a submit button.
 */
import type { ImportCommitInput } from '@redline/shared';
import { type ReactNode, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DeclarationCheckboxes } from '../../../components/ui/declaration-checkboxes.tsx';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import type { importCommitInputSchema } from './import-schemas.ts';

type FormValues = z.input<typeof importCommitInputSchema>;

type DeclarationsFormProps = {
  /** What the declarations are for ("every car of this file"). */
  legend: ReactNode;
  submitLabel: string;
  pending: boolean;
  onSubmit: (input: ImportCommitInput) => void;
};

export function DeclarationsForm({ legend, submitLabel, pending, onSubmit }: DeclarationsFormProps) {
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormValues, unknown, ImportCommitInput>({
    resolver: lazyZodResolver(() => import('./import-schemas.ts').then((m) => m.importCommitInputSchema)),
  });
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm text-base-content/75">{legend}</legend>
        <DeclarationCheckboxes
          idOf={(name) => `${id}-${name}`}
          register={(name) => register(`declarations.${name}`)}
          errorOf={(name) => errors.declarations?.[name]?.message ?? errors.declarations?.root?.message}
        />
      </fieldset>
      <div>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
