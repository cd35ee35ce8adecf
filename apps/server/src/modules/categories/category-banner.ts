/**
 * A category's banner is stored like a car photo, as WebP width variants of one picture
 * (`category-<id>-480.webp`, `category-<id>-960.webp`), so a card downloads the width it shows.
 * Categories come only from the seed, which writes these files; the API describes them from the id.
 */
import type { Photo } from '@redline/shared';
import type { PhotoStore } from '../../storage/photo-store.ts';
import { type PhotoSize, photoView, variantName, variantWidths } from '../photos/index.ts';

/** The size of the widest variant (the art is drawn at 3:2). */
export const BANNER_SIZE: PhotoSize = { width: 960, height: 640 };

const bannerKey = (categoryId: string) => `category-${categoryId}`;

/** The files of a category's banner: one per stored width. */
export function bannerFiles(categoryId: string): { name: string; width: number }[] {
  return variantWidths(BANNER_SIZE.width).map((width) => ({
    name: variantName(bannerKey(categoryId), width),
    width,
  }));
}

export function bannerView(store: PhotoStore, categoryId: string): Photo {
  return photoView(store, bannerKey(categoryId), BANNER_SIZE);
}
