/** The car form's rules, loaded on its first validation (lib/lazy-resolver.ts), not with the seller's pages. */
import { carInputSchema } from '@redline/shared';

export { carInputSchema } from '@redline/shared';

/** Editing leaves out the declarations: the seller made them when posting. */
export const carEditSchema = carInputSchema.omit({ declarations: true });
