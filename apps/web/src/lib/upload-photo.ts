/**
 * Uploads one car photo to `POST /api/uploads` with progress. Besides lib/api-client.ts this is the
 * only module that talks HTTP: fetch cannot report upload progress, so it uses XMLHttpRequest, and
 * turns failures into the same `ApiError` the rest of the app handles.
 */
import { PHOTO_UPLOAD_FIELD, type Photo } from '@redline/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, buildUrl, toApiError } from './api-client.ts';

export type UploadPhotoInput = {
  file: File;
  /** Called with 0–100 as the bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

const STATUS_MESSAGES: Record<number, string> = {
  403: 'Only sellers can upload car photos.',
  413: 'That photo is larger than 15 MB.',
  415: 'Upload a JPEG, PNG, WebP, AVIF or HEIC image.',
};

export function uploadPhoto({ file, onProgress, signal }: UploadPhotoInput): Promise<Photo> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const body = new FormData();
    body.append(PHOTO_UPLOAD_FIELD, file, file.name);

    xhr.open('POST', buildUrl('/uploads'));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(toApiError(xhr.status, xhr.responseText, STATUS_MESSAGES));
        return;
      }
      try {
        onProgress?.(100);
        resolve(JSON.parse(xhr.responseText) as Photo);
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () =>
      reject(
        new ApiError(0, 'network_error', 'Cannot reach the server. Check your connection and try again.'),
      );
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** The photo picker shows each file's failure on its own tile, so no toast. */
export function useUploadPhoto() {
  return useMutation({ mutationFn: uploadPhoto, meta: { errorToast: false } });
}
