import { z } from 'zod';
import { CATEGORIES_MAX } from './constants.ts';
import { photoSchema } from './photos.ts';

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** URL of the category's icon (SVG or WebP). */
  icon: z.string(),
  /** URL of the category's banner image (the spec's `model`): its 960 px variant. */
  image: z.string(),
  /** The same banner with its width variants, for `<img src srcSet width height>` at the size shown. */
  banner: photoSchema,
});
export type Category = z.infer<typeof categorySchema>;
/** In display order; the catalogue holds at most `CATEGORIES_MAX`. */
export const categoryListSchema = z.array(categorySchema).max(CATEGORIES_MAX);
