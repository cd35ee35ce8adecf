import {
  ALERT_FREQUENCIES,
  type CarSearchFilters,
  type SavedSearchInput,
  type savedSearchInputSchema,
} from '@redline/shared';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { DialogActions } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { useSaveSearch } from '../api/save-search.ts';
import { FREQUENCY_CHOICES } from '../utils/labels.ts';
import { toastSearchSaved } from '../utils/search-saved-toast.ts';
import { SearchNameField } from './search-name-field.tsx';

type SaveSearchFormProps = {
  filters: CarSearchFilters;
  /** The name to start from. */
  name: string;
  onSaved: () => void;
  onCancel: () => void;
};

/** The search's name and when to tell of new cars; a refusal (the same search saved, too many) shows here. */
export function SaveSearchForm({ filters, name, onSaved, onCancel }: SaveSearchFormProps) {
  const save = useSaveSearch();
  const navigate = useNavigate();
  const id = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SavedSearchInput, unknown, z.output<typeof savedSearchInputSchema>>({
    resolver: lazyZodResolver(() => import('../utils/schemas.ts').then((m) => m.savedSearchInputSchema)),
    defaultValues: { name, filters, frequency: 'instant' },
  });

  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        toastSearchSaved(saved.name, navigate);
        onSaved();
      },
      onError: (error) => setServerFieldErrors(error, setError, ['name']),
    }),
  );
  // Said under the name when it is the name's fault; else above the buttons.
  const refusal =
    save.error && !(save.error instanceof ApiError && save.error.fields?.name)
      ? save.error.message
      : undefined;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <SearchNameField id="saved-search-name" error={errors.name?.message} {...register('name')} />

      <fieldset className="fieldset">
        <legend className="fieldset-legend pb-1 text-sm font-medium">Tell me</legend>
        <div className="flex flex-col gap-1.5">
          {ALERT_FREQUENCIES.map((frequency) => (
            <label
              key={frequency}
              className="flex cursor-pointer items-start gap-3 rounded-box border border-base-300 px-3 py-2.5 transition hover:bg-base-200 has-checked:border-primary has-checked:bg-primary/5"
            >
              <input
                type="radio"
                className="radio radio-primary radio-sm mt-0.5"
                value={frequency}
                aria-labelledby={`${id}-${frequency}`}
                aria-describedby={`${id}-${frequency}-description`}
                {...register('frequency')}
              />
              <span className="flex flex-col">
                <span id={`${id}-${frequency}`} className="text-sm font-medium">
                  {FREQUENCY_CHOICES[frequency].label}
                </span>
                <span id={`${id}-${frequency}-description`} className="text-xs text-base-content/75">
                  {FREQUENCY_CHOICES[frequency].description}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {refusal ? (
        <p role="alert" className="alert alert-error alert-soft mt-2 text-sm">
          {refusal}
        </p>
      ) : null}

      <DialogActions onCancel={onCancel} confirmLabel="Save search" pending={save.isPending} />
    </form>
  );
}
