/**
 * The seller's photo picker: choose or drop up to ten images, each uploads at once with its own
 * progress bar, previews in a grid, the first is the cover (any other can be made the cover), and
 * any can be removed; with `max` 1 (a dealer's logo), one photo and no cover. A photo that is refused (too large, too small, not an image) leaves the grid
 * and its reason is listed above it. It reports the uploaded photos' keys, in order, through `onChange`.
 */
import {
  MAX_CAR_PHOTOS,
  PHOTO_ACCEPT,
  PHOTO_MAX_BYTES,
  PHOTO_MIN_SIDE,
  PHOTO_TOO_SMALL_MESSAGE,
  type Photo,
} from '@redline/shared';
import { type DragEvent, useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { useUploadPhoto } from '../../lib/upload-photo.ts';

type Item = {
  id: string;
  name: string;
  status: 'uploading' | 'done';
  progress: number;
  /** A local object URL while uploading, the stored photo once done. */
  preview: string;
  photo?: Photo;
  abort?: AbortController;
};

/**
 * The photo's size as the browser decodes it (turned by EXIF), or null when it cannot decode it
 * (HEIC in most browsers): the server, which checks the same minimum, decides then.
 */
async function decodedSize(file: File): Promise<{ width: number; height: number } | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

export type PhotoPickerProps = {
  /** The `id` of the file input, for the form's label and focus on error. */
  id: string;
  /** Photos the car already has (when editing), in order. */
  initialPhotos?: Photo[];
  /** How many photos at most: a car's ten unless told. */
  max?: number;
  onChange: (keys: string[]) => void;
  /** True while any upload is still running (the form waits before it submits). */
  onBusyChange?: (busy: boolean) => void;
  error?: string;
};

let nextId = 0;
const newId = () => `photo-${Date.now().toString(36)}-${nextId++}`;

const fromPhoto = (photo: Photo): Item => ({
  id: newId(),
  name: photo.key,
  status: 'done',
  progress: 100,
  preview: photo.src,
  photo,
});

export function PhotoPicker({
  id,
  initialPhotos = [],
  max = MAX_CAR_PHOTOS,
  onChange,
  onBusyChange,
  error,
}: PhotoPickerProps) {
  const [items, setItems] = useState<Item[]>(() => initialPhotos.map(fromPhoto));
  const [notice, setNotice] = useState<string | null>(null);
  /** Why chosen photos were not added, one line per photo, until the next choice. */
  const [failures, setFailures] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const upload = useUploadPhoto();
  const objectUrls = useRef(new Set<string>());
  const hintId = useId();
  const errorId = `${id}-error`;

  const keys = items.flatMap((item) => (item.status === 'done' && item.photo ? [item.photo.key] : []));
  const keysSignature = keys.join(',');
  const busy = items.some((item) => item.status === 'uploading');
  const lastReported = useRef(keysSignature);
  // Effect events: the reports always reach the parent's latest callbacks, and only a change of the
  // keys (or of busy) runs them, not a new callback on each of the parent's renders.
  const reportKeys = useEffectEvent(() => onChange(keys));
  const reportBusy = useEffectEvent((nowBusy: boolean) => onBusyChange?.(nowBusy));

  useEffect(() => {
    if (lastReported.current === keysSignature) return;
    lastReported.current = keysSignature;
    reportKeys();
  }, [keysSignature]);

  useEffect(() => reportBusy(busy), [busy]);

  // Free every preview and stop every upload when the picker goes away.
  useEffect(() => {
    const urls = objectUrls.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  const patch = (itemId: string, change: Partial<Item>) =>
    setItems((current) => current.map((item) => (item.id === itemId ? { ...item, ...change } : item)));

  /** Takes a refused photo out of the grid and says why. */
  const fail = (item: Item, reason: string) => {
    discard(item);
    setFailures((current) => [...current, `${item.name}: ${reason}`]);
  };

  const startUpload = (item: Item, file: File) => {
    const abort = new AbortController();
    patch(item.id, { abort });
    upload
      .mutateAsync({
        file,
        signal: abort.signal,
        onProgress: (progress) => patch(item.id, { progress }),
      })
      .then((photo) => patch(item.id, { status: 'done', progress: 100, photo, abort: undefined }))
      .catch((failure: unknown) => {
        if (failure instanceof DOMException && failure.name === 'AbortError') return;
        fail(item, errorMessage(failure));
      });
  };

  const checkThenUpload = async (item: Item, file: File) => {
    const size = await decodedSize(file);
    if (size && Math.min(size.width, size.height) < PHOTO_MIN_SIDE) {
      fail(item, `${PHOTO_TOO_SMALL_MESSAGE} This one is ${size.width} × ${size.height}.`);
    } else {
      startUpload(item, file);
    }
  };

  const addFiles = (files: FileList | File[]) => {
    const chosen = Array.from(files);
    if (chosen.length === 0) return;
    setFailures([]);
    const room = max - items.length;
    const accepted = chosen.slice(0, Math.max(0, room));
    const left = chosen.length - accepted.length;
    setNotice(
      left > 0
        ? `At most ${max} ${max === 1 ? 'photo' : 'photos'}: ${left} ${left === 1 ? 'photo was' : 'photos were'} not added.`
        : null,
    );

    const tooLarge = accepted.filter((file) => file.size > PHOTO_MAX_BYTES);
    setFailures(tooLarge.map((file) => `${file.name}: Larger than 15 MB`));
    const added = accepted
      .filter((file) => file.size <= PHOTO_MAX_BYTES)
      .map((file) => {
        const preview = URL.createObjectURL(file);
        objectUrls.current.add(preview);
        const item: Item = { id: newId(), name: file.name, status: 'uploading', progress: 0, preview };
        return { item, file };
      });
    setItems((current) => [...current, ...added.map((a) => a.item)]);
    for (const { item, file } of added) void checkThenUpload(item, file);
  };

  const discard = (item: Item) => {
    item.abort?.abort();
    if (objectUrls.current.delete(item.preview)) URL.revokeObjectURL(item.preview);
    setItems((current) => current.filter((i) => i.id !== item.id));
  };

  const remove = (item: Item) => {
    discard(item);
    setNotice(null);
  };

  const makeCover = (item: Item) => setItems((current) => [item, ...current.filter((i) => i.id !== item.id)]);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    addFiles(event.dataTransfer.files);
  };

  const coverId = max > 1 ? items.find((item) => item.status === 'done')?.id : undefined;
  const full = items.length >= max;
  const doneCount = keys.length;

  return (
    <div className="flex flex-col gap-3">
      <label
        htmlFor={id}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex cursor-pointer flex-col items-center justify-center gap-2 rounded-box border-2 border-dashed px-4 py-8 text-center transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary ${
          error
            ? 'border-error'
            : dragging
              ? 'border-primary bg-primary/5'
              : 'border-base-300 hover:border-primary/60'
        } ${full ? 'pointer-events-none opacity-60' : ''}`}
      >
        <input
          id={id}
          type="file"
          multiple={max > 1}
          accept={PHOTO_ACCEPT}
          className="sr-only"
          disabled={full}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          onChange={(event) => {
            if (event.target.files) addFiles(event.target.files);
            event.target.value = ''; // choosing the same file again still fires change
          }}
        />
        <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="24"
            height="24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M4 16.5V18a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-1.5M12 15V4M7.5 8.5 12 4l4.5 4.5" />
          </svg>
        </span>
        <span className="font-semibold">
          {full
            ? max === 1
              ? 'Remove the photo to choose another'
              : 'Photo limit reached'
            : max === 1
              ? 'Add a photo'
              : 'Add photos'}
        </span>
        <span id={hintId} className="text-xs text-base-content/70">
          Click or drop images here: JPEG, PNG, WebP, AVIF or HEIC, at least {PHOTO_MIN_SIDE} ×{' '}
          {PHOTO_MIN_SIDE} pixels and up to 15 MB
          {max > 1 ? ` each, ${max} at most. The first photo is the cover.` : '.'}
        </span>
      </label>

      {error ? (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      ) : null}
      {failures.length > 0 ? (
        <div role="alert" className="alert alert-error alert-soft block py-2 text-sm">
          <p className="font-semibold">
            {failures.length === 1 ? 'This photo was not added:' : 'These photos were not added:'}
          </p>
          <ul className="mt-1 list-disc pl-5">
            {failures.map((failure, index) => (
              <li key={`${index}-${failure}`}>{failure}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {notice ? (
        <p role="status" className="alert alert-warning alert-soft py-2 text-sm">
          {notice}
        </p>
      ) : null}

      {items.length > 0 ? (
        <>
          <p className="text-xs text-base-content/70" aria-live="polite">
            {doneCount} of {max} {max === 1 ? 'photo' : 'photos'}
            {busy ? ', uploading…' : ''}
          </p>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Chosen photos">
            {items.map((item, index) => {
              const label = `photo ${index + 1}`;
              return (
                <li
                  key={item.id}
                  className={`relative overflow-hidden rounded-box border bg-base-200 ${
                    item.id === coverId ? 'border-primary ring-2 ring-primary/40' : 'border-base-300'
                  }`}
                >
                  <img
                    src={item.photo?.src ?? item.preview}
                    srcSet={item.photo?.srcSet}
                    sizes="240px"
                    width={item.photo?.width ?? 480}
                    height={item.photo?.height ?? 360}
                    alt={`${item.id === coverId ? 'Cover photo' : `Photo ${index + 1}`}: ${item.name}`}
                    className="aspect-[3/2] h-auto w-full object-cover"
                  />
                  {item.id === coverId ? (
                    <span className="badge badge-primary badge-sm absolute left-2 top-2 font-semibold">
                      Cover
                    </span>
                  ) : null}

                  {item.status === 'uploading' ? (
                    <div className="absolute inset-x-0 bottom-0 flex items-center gap-2 bg-base-100/90 px-2 py-1.5">
                      <progress
                        className="progress progress-primary h-1.5 flex-1"
                        value={item.progress}
                        max={100}
                        aria-label={`Uploading ${item.name}`}
                      />
                      <span className="text-xs tabular-nums">{item.progress}%</span>
                    </div>
                  ) : null}

                  <div className="absolute right-2 top-2 flex gap-1">
                    {item.status === 'done' && coverId !== undefined && item.id !== coverId ? (
                      <button
                        type="button"
                        className="btn btn-xs border-base-300 bg-base-100/90"
                        onClick={() => makeCover(item)}
                        aria-label={`Make ${label} the cover`}
                      >
                        Make cover
                      </button>
                    ) : null}
                    <button
                      type="button"
                      className="btn btn-circle btn-xs border-base-300 bg-base-100/90"
                      onClick={() => remove(item)}
                      aria-label={`Remove ${label}`}
                    >
                      <svg
                        aria-hidden="true"
                        viewBox="0 0 24 24"
                        width="14"
                        height="14"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="2.4"
                        strokeLinecap="round"
                      >
                        <path d="M6 6l12 12M18 6 6 18" />
                      </svg>
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </div>
  );
}
