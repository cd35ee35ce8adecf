import { IMPORT_PHOTOS_FIELD, IMPORT_UPLOAD_FIELD, type ImportMode } from '@redline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changed } from '../../../lib/query-keys.ts';

/** The file, and optionally a zip of the photos its rows name by file name. */
export type PreviewImportInput = { file: File; photos: File | null; mode: ImportMode };

export function previewImport({ file, photos, mode }: PreviewImportInput) {
  const body = new FormData();
  body.append(IMPORT_UPLOAD_FIELD, file, file.name);
  if (photos) body.append(IMPORT_PHOTOS_FIELD, photos, photos.name);
  return api.post('/dealer/imports', { query: { mode }, body });
}

/**
 * Uploads the file: the server reads and judges it into a preview; no car changes. A file it cannot
 * read is refused with what is wrong and where, which the form shows under it, not in a toast.
 */
export function usePreviewImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: previewImport,
    onSuccess: () => changed(queryClient, 'imports'),
    meta: { errorToast: false },
  });
}
