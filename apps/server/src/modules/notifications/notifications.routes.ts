import {
  ERROR_CODES,
  notificationPageSchema,
  notificationPreferencesSchema,
  notificationsReadSchema,
  pageQuerySchema,
  unreadCountSchema,
  unsubscribeQuerySchema,
  unsubscribeStateSchema,
} from '@redline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { openSessionIds } from '../../auth/open-sessions.ts';
import type { AppContext } from '../../context.ts';
import { currentSession, currentUser } from '../../http/access.ts';
import { sendError } from '../../http/error-handler.ts';
import { LiveUpdates, type StreamRefusal } from './live-updates.ts';
import * as service from './notifications.service.ts';

const tags = ['notifications'];

/** How long a client refused a stream is asked to wait: streams end when pages close, not in seconds. */
const STREAM_RETRY_AFTER_SECONDS = 60;
const STREAM_REFUSALS: Record<StreamRefusal, string> = {
  client: 'Too many live updates are open from this address. Close some Redline tabs, then reload.',
  instance: 'The service is busy. Please try again in a minute.',
};

export function notificationsRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { config, database } = context;
    const live = new LiveUpdates({
      perClient: config.LIVE_STREAMS_PER_CLIENT,
      max: config.LIVE_STREAMS_MAX,
      sessionCheckMs: config.LIVE_SESSION_CHECK_SECONDS * 1000,
      openSessionIds: (ids) => openSessionIds(database.db, ids),
      onCheckFailed: (error) =>
        app.log.warn({ err: error }, "live updates: the streams' sessions were not checked"),
    });
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
        description:
          'A client address may hold a few streams open at once (6 by default), and an instance a bounded number in all; past either, 503 with Retry-After. A stream ends when the session it was opened with ends (sign-out, revocation, expiry, the user deleted).',
        eventStream:
          "Server-Sent Events, on any instance: `event: notifications` each time the signed-in user's notifications change (made, or read in another tab), `event: conversations` their conversations, `event: bookings` a booking of theirs (or its payment or refund), `event: payments` the payments ledger (admins); a comment every 20 s keeps the stream open",
        otherStatuses: [503],
      },
      handler: (request, reply) => {
        const stream = live.open(currentSession(request), request.ip);
        if (typeof stream === 'string') {
          reply.header('retry-after', STREAM_RETRY_AFTER_SECONDS);
          return sendError(reply, request, 503, {
            code: ERROR_CODES.unavailable,
            message: STREAM_REFUSALS[stream],
          });
        }
        return (
          reply
            .type('text/event-stream')
            // Proxies (nginx) pass each event on at once rather than buffer the answer.
            .header('x-accel-buffering', 'no')
            .send(stream)
        );
      },
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

    app.get('/notifications/preferences', {
      config: { access: 'signedIn' },
      schema: {
        tags,
        operationId: 'getNotificationPreferences',
        summary:
          "The signed-in user's notification settings: each kind of their role, in the app and by e-mail",
        response: { 200: notificationPreferencesSchema },
      },
      handler: (request) => service.getPreferences(context, currentUser(request)),
    });

    app.put('/notifications/preferences', {
      config: { access: 'signedIn' },
      schema: {
        tags,
        operationId: 'setNotificationPreferences',
        summary:
          "Set the signed-in user's settings of these kinds (others keep theirs); a kind their role does not receive refuses them all",
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema },
      },
      handler: (request) => service.setPreferences(context, currentUser(request), request.body),
    });

    // RFC 8058: a mail client's one-click unsubscribe posts the form `List-Unsubscribe=One-Click`;
    // what it stops is in the link's token, so the form itself is read no further.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, _body, done) => done(null, undefined),
    );

    app.get('/notifications/unsubscribe', {
      config: { access: 'public' },
      schema: {
        tags,
        operationId: 'getUnsubscribeLink',
        summary:
          "What an e-mail's unsubscribe link stops, and whether it is still e-mailed (changes nothing)",
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeStateSchema },
      },
      handler: (request) => service.unsubscribeState(context, request.query),
    });

    app.post('/notifications/unsubscribe', {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        operationId: 'unsubscribe',
        summary:
          "Stop the e-mails an unsubscribe link names, without signing in (the e-mail's one-click List-Unsubscribe, RFC 8058)",
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeStateSchema },
      },
      handler: (request) => service.unsubscribe(context, request.query),
    });
  };
}
