/** Buyers' and sellers' conversations about a car, and the admins' handling of reported ones. */
import { createdSchema, deletedCountSchema, idParamsSchema, pageOf, pageQuerySchema } from '../common.ts';
import {
  conversationInputSchema,
  conversationReportInputSchema,
  conversationSchema,
  messageInputSchema,
  messagePageSchema,
  reportedConversationSchema,
} from '../conversations.ts';
import { defineRoute } from './route.ts';

const tags = ['conversations'];

export const conversationsRoutes = {
  startConversation: defineRoute({
    method: 'POST',
    path: '/conversations',
    access: ['Buyer', 'Seller'],
    tags,
    operationId: 'startConversation',
    summary: "Message a car's seller: opens the caller's conversation about the car, or adds to it (same id)",
    body: conversationInputSchema,
    responses: { 201: createdSchema },
    otherStatuses: [404, 409],
  }),
  listConversations: defineRoute({
    method: 'GET',
    path: '/conversations',
    access: 'signedIn',
    tags,
    operationId: 'listConversations',
    summary: "The caller's conversations, the latest message first, with what is unread",
    query: pageQuerySchema,
    responses: { 200: pageOf(conversationSchema) },
  }),
  listMessages: defineRoute({
    method: 'GET',
    path: '/conversations/:id/messages',
    access: 'signedIn',
    tags,
    operationId: 'listMessages',
    summary:
      "A conversation's messages, newest first (its two participants only); the first page marks it read",
    params: idParamsSchema,
    query: pageQuerySchema,
    responses: { 200: messagePageSchema },
    otherStatuses: [404],
  }),
  sendMessage: defineRoute({
    method: 'POST',
    path: '/conversations/:id/messages',
    access: 'signedIn',
    tags,
    operationId: 'sendMessage',
    summary: 'Send a message in a conversation (its two participants only)',
    params: idParamsSchema,
    body: messageInputSchema,
    responses: { 201: createdSchema },
    otherStatuses: [404],
  }),
  reportConversation: defineRoute({
    method: 'POST',
    path: '/conversations/:id/report',
    access: 'signedIn',
    tags,
    operationId: 'reportConversation',
    summary:
      'Report a conversation to the admins (its two participants only, once each): the admins may then read it',
    params: idParamsSchema,
    body: conversationReportInputSchema,
    responses: { 201: createdSchema },
    otherStatuses: [404, 409],
  }),
  listReportedConversations: defineRoute({
    method: 'GET',
    path: '/conversations/reported',
    access: ['Admin'],
    tags,
    operationId: 'listReportedConversations',
    summary: 'Reported conversations with their reports, most recently reported first (admin)',
    query: pageQuerySchema,
    responses: { 200: pageOf(reportedConversationSchema) },
  }),
  dismissConversationReports: defineRoute({
    method: 'DELETE',
    path: '/conversations/:id/reports',
    access: ['Admin'],
    tags,
    operationId: 'dismissConversationReports',
    summary: "Dismiss a conversation's reports; the admins can no longer read it (admin)",
    params: idParamsSchema,
    responses: { 200: deletedCountSchema },
    otherStatuses: [404],
  }),
};
