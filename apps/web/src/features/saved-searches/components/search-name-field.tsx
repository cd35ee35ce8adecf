import { SAVED_SEARCH_NAME_MAX } from '@redline/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../components/ui/form-field.tsx';

type SearchNameFieldProps = UseFormRegisterReturn<'name'> & { id: string; error?: string };

/** A saved search's name, where its dialogs (save, rename) start: the focus is on it. */
export function SearchNameField({ id, error, ...field }: SearchNameFieldProps) {
  return (
    <TextField
      id={id}
      label="Name"
      maxLength={SAVED_SEARCH_NAME_MAX}
      autoComplete="off"
      data-autofocus
      error={error}
      {...field}
    />
  );
}
