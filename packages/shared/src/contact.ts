import { z } from 'zod';
import { emailFieldSchema, multiLineText, personNameSchema } from './common.ts';

export const contactMessageInputSchema = z.object({
  name: personNameSchema,
  email: emailFieldSchema,
  message: multiLineText('Message', 2000).min(10, 'Write at least 10 characters'),
});
export type ContactMessageInput = z.infer<typeof contactMessageInputSchema>;

export const contactMessageSchema = contactMessageInputSchema.extend({
  id: z.string(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
