import {
  notificationPageSchema,
  notificationsReadSchema,
  pageQuerySchema,
  unreadCountSchema,
} from '@redline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import * as service from './notifications.service.ts';

const tags = ['notifications'];

export function notificationsRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/notifications', {
      config: { access: 'signedIn' },
      schema: {
        tags,
        operationId: 'listNotifications',
        summary: "The signed-in user's notifications, newest first, and how many are unread",
        querystring: pageQuerySchema,
        response: { 200: notificationPageSchema },
      },
      handler: (request) => service.listNotifications(context, currentUser(request), request.query),
    });

    app.post('/notifications/read', {
      config: { access: 'signedIn' },
      schema: {
        tags,
        operationId: 'markNotificationsRead',
        summary: "Mark the signed-in user's notifications read: these ids, or all of them without ids",
        body: notificationsReadSchema,
        response: { 200: unreadCountSchema },
      },
      handler: (request) => service.markRead(context, currentUser(request), request.body),
    });
  };
}
