import type { SavedSearch, SavedSearchChange } from '@redline/shared';
import { useForm } from 'react-hook-form';
import { DialogActions } from '../../../components/ui/modal.tsx';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { toast } from '../../../lib/toast.ts';
import { useChangeSavedSearch } from '../api/change-saved-search.ts';
import { SearchNameField } from './search-name-field.tsx';

type RenameSearchFormProps = {
  search: Pick<SavedSearch, 'id' | 'name'>;
  onDone: () => void;
};

/** A saved search's new name. */
export function RenameSearchForm({ search, onDone }: RenameSearchFormProps) {
  const change = useChangeSavedSearch();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SavedSearchChange>({
    resolver: lazyZodResolver(() => import('../utils/schemas.ts').then((m) => m.savedSearchChangeSchema)),
    defaultValues: { name: search.name },
  });

  const onSubmit = handleSubmit(({ name }) =>
    change.mutate(
      { id: search.id, name },
      {
        onSuccess: (renamed) => {
          toast.success(`Renamed to “${renamed.name}”.`);
          onDone();
        },
        onError: (error) => setServerFieldErrors(error, setError, ['name']),
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <SearchNameField id="rename-search-name" error={errors.name?.message} {...register('name')} />
      <DialogActions onCancel={onDone} confirmLabel="Rename" pending={change.isPending} />
    </form>
  );
}
