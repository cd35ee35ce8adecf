import { z } from 'zod';

export const contactMessageInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(80, 'Name is too long'),
  email: z
    .string()
    .trim()
    .min(1, 'Email Address is required')
    .pipe(z.email('Enter a valid email address'))
    .meta({ format: 'email' }),
  message: z
    .string()
    .trim()
    .min(10, 'Write at least 10 characters')
    .max(2000, 'Keep the message under 2000 characters'),
});
export type ContactMessageInput = z.infer<typeof contactMessageInputSchema>;

export const contactMessageSchema = contactMessageInputSchema.extend({
  id: z.string(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
