/**
 * Choose the file, optionally a zip of the photos its rows name, and whether it is the whole stock,
 * then upload them: the server reads and judges them into a preview (no car changes), which the page
 * then shows.
 */
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_ZIP_MAX_BYTES,
  IMPORT_ZIP_MAX_MEGAPIXELS,
  IMPORT_ZIP_MAX_PHOTOS,
  type ImportMode,
  type InventoryImport,
} from '@redline/shared';
import { type FormEvent, useId, useState } from 'react';
import { ChoiceFieldset, controlA11y, Field } from '../../../components/ui/form-field.tsx';
import { importTemplateUrl } from '../api/import-template.ts';
import { usePreviewImport } from '../api/preview-import.ts';

const MODES: readonly { value: ImportMode; label: string; hint: string }[] = [
  {
    value: 'partial',
    label: 'Some of my cars',
    hint: 'Adds the new cars and updates those already here. Cars not in the file stay as they are.',
  },
  {
    value: 'full',
    label: 'My whole stock',
    hint: 'As above, and every car of yours for sale that is not in the file is marked sold.',
  },
];

export function ImportUploadForm({ onPreviewed }: { onPreviewed: (imported: InventoryImport) => void }) {
  const id = useId();
  const preview = usePreviewImport();
  const [file, setFile] = useState<File | null>(null);
  const [photos, setPhotos] = useState<File | null>(null);
  const [mode, setMode] = useState<ImportMode>('partial');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) {
      setMissing(true);
      return;
    }
    preview.mutate({ file, photos, mode }, { onSuccess: (imported) => onPreviewed(imported) });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-labelledby={`${id}-heading`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          Upload a file
        </h2>
        <a href={importTemplateUrl} download className="btn btn-outline btn-sm">
          Download the template
        </a>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={`${id}-file`}
          label="Inventory file"
          error={missing && !file ? 'Choose a CSV or JSON file' : undefined}
          hint={`CSV (UTF-8, comma or semicolon) or JSON, up to ${IMPORT_MAX_BYTES / 1024 / 1024} MB and ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows.`}
        >
          <input
            type="file"
            accept=".csv,.json,text/csv,application/json"
            className="file-input file-input-bordered w-full"
            {...controlA11y(`${id}-file`, missing && !file ? 'missing' : undefined)}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </Field>
        <Field
          id={`${id}-photos`}
          label="Photos (zip, optional)"
          hint={`The photos the rows name by file name: up to ${IMPORT_ZIP_MAX_PHOTOS} photos, ${IMPORT_ZIP_MAX_BYTES / 1024 / 1024} MB and ${IMPORT_ZIP_MAX_MEGAPIXELS} megapixels in all (about 25 full-size phone photos).`}
        >
          <input
            type="file"
            accept=".zip,application/zip"
            className="file-input file-input-bordered w-full"
            {...controlA11y(`${id}-photos`)}
            onChange={(event) => setPhotos(event.target.files?.[0] ?? null)}
          />
        </Field>
      </div>
      <ChoiceFieldset id={`${id}-mode`} legend="What the file holds">
        {MODES.map((choice) => (
          <label
            key={choice.value}
            className={`flex cursor-pointer items-start gap-3 rounded-box border p-3 transition hover:bg-base-200 ${
              mode === choice.value ? 'border-primary' : 'border-base-300'
            }`}
          >
            <input
              type="radio"
              name={`${id}-mode`}
              value={choice.value}
              className="radio radio-primary mt-0.5"
              checked={mode === choice.value}
              onChange={() => setMode(choice.value)}
            />
            <span className="text-sm">
              <span className="font-medium">{choice.label}</span>
              <span className="block text-sm text-base-content/75">{choice.hint}</span>
            </span>
          </label>
        ))}
      </ChoiceFieldset>
      <div>
        <button type="submit" className="btn btn-primary" disabled={preview.isPending}>
          {preview.isPending ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : null}
          Upload and preview
        </button>
        <p className="mt-2 text-sm text-base-content/75">Nothing changes until you commit the preview.</p>
      </div>
      {preview.isError ? (
        <p role="alert" className="alert alert-error alert-soft text-sm">
          {preview.error.message}
        </p>
      ) : null}
    </form>
  );
}
