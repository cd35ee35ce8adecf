/** Car photos: the shape of a stored photo, shared by the upload form and the API (the limits: photo-limits.ts). */
import { z } from 'zod';

/** A photo key as returned by the upload call; also a safe file-name stem. */
export const photoKeySchema = z
  .string({ error: 'Invalid photo' })
  .max(64, 'Invalid photo')
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
