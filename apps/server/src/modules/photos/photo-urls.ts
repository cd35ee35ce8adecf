/** Which WebP variants a photo has, what they are called, and how a browser is told about them. */
import { PHOTO_DEFAULT_WIDTH, PHOTO_WIDTHS, type Photo } from '@redline/shared';
import type { PhotoStore } from '../../storage/photo-store.ts';

export interface PhotoSize {
  width: number;
  height: number;
}

/** The stored widths for an original this wide: the standard widths that need no upscaling, else the original's. */
export function variantWidths(originalWidth: number): number[] {
  const widths = PHOTO_WIDTHS.filter((w) => w <= originalWidth);
  return widths.length > 0 ? widths : [originalWidth];
}

export function variantName(key: string, width: number): string {
  return `${key}-${width}.webp`;
}

/** The smallest stored variant: what lists show as a thumbnail (480 px, or the original when narrower). */
export function thumbnailName(key: string, originalWidth: number): string {
  return variantName(key, variantWidths(originalWidth)[0]!);
}

export function variantNames(key: string, originalWidth: number): string[] {
  return variantWidths(originalWidth).map((w) => variantName(key, w));
}

/**
 * Cars stored without going through the upload call (older data, some tests) have no photo row;
 * they are assumed to have every standard variant at a 4:3 shape.
 */
const ASSUMED_SIZE: PhotoSize = { width: 1600, height: 1200 };

export function photoView(store: PhotoStore, key: string, size: PhotoSize = ASSUMED_SIZE): Photo {
  const widths = variantWidths(size.width);
  const widest = widths[widths.length - 1]!;
  const srcWidth = widths.filter((w) => w <= PHOTO_DEFAULT_WIDTH).pop() ?? widths[0]!;
  return {
    key,
    src: store.url(variantName(key, srcWidth)),
    srcSet: widths.map((w) => `${store.url(variantName(key, w))} ${w}w`).join(', '),
    width: widest,
    height: Math.max(1, Math.round((size.height * widest) / size.width)),
  };
}
