/**
 * Car photos' upload limits, apart from the schemas in photos.ts: the seller's photo picker shows
 * them, and a module with zod schemas at its top level would bring zod into that page's JavaScript
 * (docs/decisions/0002).
 */
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
