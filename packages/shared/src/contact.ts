import { z } from 'zod';
import { emailFieldSchema, multiLineText, pageQuerySchema, personNameSchema } from './common.ts';

export const contactMessageInputSchema = z.object({
  name: personNameSchema,
  email: emailFieldSchema,
  message: multiLineText('Message', 2000, { min: 10, message: 'Write at least 10 characters' }),
});
export type ContactMessageInput = z.infer<typeof contactMessageInputSchema>;

export const contactMessageSchema = contactMessageInputSchema.extend({
  id: z.string(),
  createdAt: z.string(),
  /** When an admin marked it handled, and that admin's name (null once their account is gone); null while open. */
  handledAt: z.string().nullable(),
  handledBy: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** The contact inbox's lists: the open messages, the handled ones, or all. */
export const CONTACT_STATUSES = ['open', 'handled'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const contactListQuerySchema = pageQuerySchema.extend({
  status: z.enum(CONTACT_STATUSES, { error: 'Status is open or handled' }).optional(),
});
export type ContactListQuery = z.infer<typeof contactListQuerySchema>;

/** An admin marks a message handled, or open again. */
export const contactHandledSchema = z.object({
  handled: z.boolean({ error: 'Handled must be true or false' }),
});
export type ContactHandled = z.infer<typeof contactHandledSchema>;
