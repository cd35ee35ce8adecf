import {
  notificationPageSchema,
  notificationsReadSchema,
  pageQuerySchema,
  unreadCountSchema,
} from '@redline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import { LiveUpdates } from './live-updates.ts';
import * as service from './notifications.service.ts';

const tags = ['notifications'];

export function notificationsRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const live = new LiveUpdates();
    const unsubscribe = live.follow(context.database.events);
    // Before the server waits for its connections to end: an open stream would never end.
    app.addHook('preClose', (done) => {
      live.closeAll();
      done();
    });
    app.addHook('onClose', async () => {
      for (const stop of unsubscribe) stop();
    });

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

    app.get('/notifications/stream', {
      config: { access: 'signedIn' },
      schema: {
        tags,
        operationId: 'streamNotificationChanges',
        summary: "A stream of the signed-in user's notification changes (Server-Sent Events)",
        eventStream:
          "Server-Sent Events: `event: notifications` each time the signed-in user's notifications change (made, or read in another tab), on any instance; a comment every 20 s keeps the stream open",
      },
      handler: (request, reply) =>
        reply
          .type('text/event-stream')
          // Proxies (nginx) pass each event on at once rather than buffer the answer.
          .header('x-accel-buffering', 'no')
          .send(live.open(currentUser(request).id)),
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
