import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, ROLES, SIGN_UP_ROLES } from './constants.ts';

const email = z
  .string({ error: 'Email Address is required' })
  .trim()
  .min(1, 'Email Address is required')
  .pipe(z.email('Enter a valid email address'))
  .meta({ format: 'email' });
const password = z
  .string({ error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(128, 'Password must be at most 128 characters');

export const signInSchema = z.object({ email, password });
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(80, 'Name is too long'),
  email,
  password,
  role: z.enum(SIGN_UP_ROLES, { error: 'Choose Buyer or Seller' }),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const forgotPasswordSchema = z.object({ email });
export const resetPasswordSchema = z.object({ password });

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  isVerified: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const publicConfigSchema = z.object({
  googleSignIn: z.boolean(),
  payments: z.object({
    provider: z.enum(['test', 'stripe']),
    publishableKey: z.string().optional(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
