/** The test-card form's rules, loaded on its first validation (lib/lazy-resolver.ts), not with the pay page. */
import { testCardSchema } from '@redline/shared';
import { z } from 'zod';
import { parseExpiry } from './card-input.ts';

/** The form's fields; number and CVC follow the shared test-card rules, the expiry is typed as MM/YY. */
export const cardFormSchema = z.object({
  number: testCardSchema.shape.number,
  expiry: z
    .string()
    .trim()
    .min(1, 'Enter the expiry date')
    .transform((value, ctx) => {
      const expiry = parseExpiry(value);
      if (!expiry) {
        ctx.addIssue({ code: 'custom', message: 'Enter the expiry as MM/YY', input: value });
        return z.NEVER;
      }
      if (expiry.month < 1 || expiry.month > 12) {
        ctx.addIssue({ code: 'custom', message: 'Enter a month from 1 to 12', input: value });
        return z.NEVER;
      }
      return expiry;
    }),
  cvc: testCardSchema.shape.cvc.min(1, 'Enter the security code'),
});
export type CardFormInput = z.input<typeof cardFormSchema>;
export type CardFormOutput = z.output<typeof cardFormSchema>;
