import { z } from 'zod';
import { EMAIL_MAX_LENGTH, multiLineText, personNameSchema } from './common.ts';

export const contactMessageInputSchema = z.object({
  name: personNameSchema,
  email: z
    .string()
    .trim()
    .min(1, 'Email Address is required')
    .max(EMAIL_MAX_LENGTH, `An email address has at most ${EMAIL_MAX_LENGTH} characters`)
    .pipe(z.email('Enter a valid email address')),
  message: multiLineText('Message', 2000).min(10, 'Write at least 10 characters'),
});
export type ContactMessageInput = z.infer<typeof contactMessageInputSchema>;

export const contactMessageSchema = contactMessageInputSchema.extend({
  id: z.string(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
