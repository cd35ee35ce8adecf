/** Car photos: the upload limits and the shape of a stored photo, shared by the upload form and the API. */
import { z } from 'zod';

/** Widths (px) each photo is stored at, as WebP; a photo is never stored wider than its original. */
export const PHOTO_WIDTHS = [480, 960, 1600] as const;
/** The width used for a single `src` (cards and the car page's main image). */
export const PHOTO_DEFAULT_WIDTH = 960;
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/**
 * The shortest side a photo may have (px, once rotated by EXIF): the smallest stored variant is
 * 480 px wide, what a card shows on a phone, so a smaller photo would be blown up into a blur.
 */
export const PHOTO_MIN_SIDE = 480;
export const PHOTO_TOO_SMALL_MESSAGE = `Use a photo at least ${PHOTO_MIN_SIDE} × ${PHOTO_MIN_SIDE} pixels: smaller ones look blurry.`;
/** Images above this many pixels are refused before decoding (decompression bombs). */
export const PHOTO_MAX_PIXELS = 40_000_000;
/** The multipart field the upload call reads; one file per request. */
export const PHOTO_UPLOAD_FIELD = 'file';
/** What the photo picker offers; the server decides by decoding the bytes, not by this list. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,.heic,.heif';
export const PHOTO_TYPES_MESSAGE = 'Upload a JPEG, PNG, WebP, AVIF or HEIC image.';

/** A photo key as returned by the upload call; also a safe file-name stem. */
export const photoKeySchema = z
  .string({ error: 'Invalid photo' })
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'Invalid photo');

/** A stored photo, ready for `<img src srcset width height>`. */
export const photoSchema = z.object({
  key: z.string(),
  /** URL of the 960 px variant (or the widest one below it). */
  src: z.string(),
  /** "…-480.webp 480w, …-960.webp 960w, …-1600.webp 1600w", limited to the variants that exist. */
  srcSet: z.string(),
  /** Size of the widest stored variant; gives the aspect ratio. */
  width: z.number().int(),
  height: z.number().int(),
});
export type Photo = z.infer<typeof photoSchema>;

/** The reply of `POST /api/uploads` (201). */
export const uploadedPhotoSchema = photoSchema;
export type UploadedPhoto = z.infer<typeof uploadedPhotoSchema>;
