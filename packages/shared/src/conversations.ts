/** Messages between a buyer and a car's seller: one conversation per buyer and car. */
import { z } from 'zod';
import { multiLineText, reportInput } from './common.ts';
import { MESSAGE_MAX_LENGTH, PAGE_SIZE_MAX } from './constants.ts';

export const messageBodySchema = multiLineText('Message', MESSAGE_MAX_LENGTH, {
  min: 1,
  message: 'Write a message',
});

/** Opens the conversation about a car with its seller (or adds to it, when it exists). */
export const conversationInputSchema = z.object({
  carId: z.guid({ error: 'Choose a car' }),
  message: messageBodySchema,
});
export type ConversationInput = z.infer<typeof conversationInputSchema>;

export const messageInputSchema = z.object({ body: messageBodySchema });
export type MessageInput = z.infer<typeof messageInputSchema>;

/** A person in a conversation: null id once their account is deleted. */
const partySchema = z.object({ id: z.string().nullable(), name: z.string(), verified: z.boolean() });

export const conversationSchema = z.object({
  id: z.string(),
  /** Null once the car is deleted; its name and photo stay. */
  carId: z.string().nullable(),
  carName: z.string(),
  carPhoto: z.string(),
  /** The buyer for the seller, the seller for the buyer. */
  otherParty: partySchema,
  lastMessage: z.object({ body: z.string(), sentAt: z.string(), fromMe: z.boolean() }).nullable(),
  /** Messages the other party sent since the caller last read the conversation. */
  unread: z.number().int(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const messageSchema = z.object({
  id: z.string(),
  body: z.string(),
  sentAt: z.string(),
  /** False for the other party's, and for Redline's notices (an offer that expired). */
  fromMe: z.boolean(),
  /** The offer whose move the message tells (issue 48); null for a message someone wrote. */
  offerId: z.string().nullable(),
});

/** A page of a conversation's messages, newest first, with the conversation itself. */
export const messagePageSchema = z.object({
  conversation: conversationSchema,
  /** Both people, for an admin reading a reported conversation; null for its buyer and seller. */
  participants: z.object({ buyer: partySchema, seller: partySchema }).nullable(),
  items: z.array(messageSchema).max(PAGE_SIZE_MAX),
  nextCursor: z.string().nullable(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

/** Why a participant reports a conversation to the admins. */
export const CONVERSATION_REPORT_REASONS = ['Harassment', 'Scam or fraud', 'Spam', 'Other'] as const;
export type ConversationReportReason = (typeof CONVERSATION_REPORT_REASONS)[number];
export const conversationReportReasonSchema = z.enum(CONVERSATION_REPORT_REASONS, {
  error: 'Choose a reason',
});

/** A participant's report: the admins may read the conversation while it has one. */
export const conversationReportInputSchema = reportInput(conversationReportReasonSchema, {});
export type ConversationReportInput = z.infer<typeof conversationReportInputSchema>;

const personSchema = z.object({ name: z.string(), email: z.string() });

/** A reported conversation in the admins' list, with its reports newest first. */
export const reportedConversationSchema = z.object({
  /** The conversation's id. */
  id: z.string(),
  /** Null once the car is deleted. */
  carId: z.string().nullable(),
  carName: z.string(),
  buyer: personSchema,
  seller: personSchema,
  /** At most one from each participant: each reports a conversation once, and only its two may. */
  reports: z
    .array(
      z.object({
        reason: conversationReportReasonSchema,
        details: z.string(),
        reporterName: z.string(),
        createdAt: z.string(),
      }),
    )
    .max(2),
});
export type ReportedConversation = z.infer<typeof reportedConversationSchema>;
