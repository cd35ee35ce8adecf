/** Messages to the Redline team through the contact form, and the admins' handling of them. */
import { createdSchema, idParamsSchema, pageOf } from '../common.ts';
import {
  contactHandledSchema,
  contactListQuerySchema,
  contactMessageInputSchema,
  contactMessageSchema,
} from '../contact.ts';
import { defineRoute } from './route.ts';

const tags = ['contact'];

export const contactRoutes = {
  sendContactMessage: defineRoute({
    method: 'POST',
    path: '/contact',
    access: 'public',
    tags,
    operationId: 'sendContactMessage',
    summary: 'Send a message to the Redline team',
    body: contactMessageInputSchema,
    responses: { 201: createdSchema },
  }),
  listContactMessages: defineRoute({
    method: 'GET',
    path: '/contact',
    access: ['Admin'],
    tags,
    operationId: 'listContactMessages',
    summary:
      'Messages sent through the contact form, newest first: the open ones, the handled ones, or all (admin)',
    query: contactListQuerySchema,
    responses: { 200: pageOf(contactMessageSchema) },
  }),
  setContactMessageHandled: defineRoute({
    method: 'PATCH',
    path: '/contact/:id',
    access: ['Admin'],
    tags,
    operationId: 'setContactMessageHandled',
    summary: 'Mark a contact message handled, or open again (admin)',
    params: idParamsSchema,
    body: contactHandledSchema,
    responses: { 200: contactMessageSchema },
    otherStatuses: [404],
  }),
};
