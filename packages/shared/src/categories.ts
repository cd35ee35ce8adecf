import { z } from 'zod';

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** URL of the category's icon (SVG or WebP). */
  icon: z.string(),
  /** URL of the category's banner image (the spec's `model`). */
  image: z.string(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryListSchema = z.array(categorySchema);
