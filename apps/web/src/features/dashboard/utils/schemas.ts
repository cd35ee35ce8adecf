/** The default location form's rule, loaded on its first validation (lib/lazy-resolver.ts): the shared one, an empty field meaning none. */
import { myLocationInputSchema } from '@redline/shared';
import { z } from 'zod';

export const locationFormSchema = z.object({
  postalCode: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    myLocationInputSchema.shape.postalCode,
  ),
});
