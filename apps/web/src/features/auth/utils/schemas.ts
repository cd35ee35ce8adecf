/**
 * The auth forms' rules, loaded on a form's first validation (lib/lazy-resolver.ts), so that zod is not
 * part of the sign-in and sign-up pages' first JavaScript.
 */
import { resetPasswordSchema } from '@redline/shared';
import { z } from 'zod';

export { forgotPasswordSchema, signInSchema, signUpSchema } from '@redline/shared';

/** The reset form: the new password twice. */
export const resetFormSchema = resetPasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
