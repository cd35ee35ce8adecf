import { ERROR_CODES } from '@redline/shared';
import { contract } from '@redline/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentSession, currentUser } from '../../http/access.ts';
import { sendError } from '../../http/error-handler.ts';
import type { StreamRefusal } from '../../http/live-updates.ts';
import { rawAnswer } from '../../http/raw-answer.ts';
import { serve } from '../../http/serve.ts';
import * as service from './notifications.service.ts';

/** How long a client refused a stream is asked to wait: streams end when pages close, not in seconds. */
const STREAM_RETRY_AFTER_SECONDS = 60;
const STREAM_REFUSALS: Record<StreamRefusal, string> = {
  client: 'Too many live updates are open from this address. Close some Redline tabs, then reload.',
  instance: 'The service is busy. Please try again in a minute.',
};

export function notificationsRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, contract.listNotifications, (request) =>
      service.listNotifications(context, currentUser(request), request.query),
    );

    serve(app, contract.streamNotificationChanges, (request, reply) => {
      const refusal = context.live.refusal(request.ip);
      if (refusal) {
        reply.header('retry-after', STREAM_RETRY_AFTER_SECONDS);
        return sendError(reply, request, 503, {
          code: ERROR_CODES.unavailable,
          message: STREAM_REFUSALS[refusal],
        });
      }
      reply
        .type('text/event-stream')
        // Proxies (nginx) pass each event on at once rather than buffer the answer.
        .header('x-accel-buffering', 'no');
      context.live.open(currentSession(request), request.ip, rawAnswer(request, reply));
      return reply;
    });

    serve(app, contract.markNotificationsRead, (request) =>
      service.markRead(context, currentUser(request), request.body),
    );

    serve(app, contract.getNotificationPreferences, (request) =>
      service.getPreferences(context, currentUser(request)),
    );

    serve(app, contract.setNotificationPreferences, (request) =>
      service.setPreferences(context, currentUser(request), request.body),
    );

    // RFC 8058: a mail client's one-click unsubscribe posts the form `List-Unsubscribe=One-Click`;
    // what it stops is in the link's token, so the form itself is read no further.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, _body, done) => done(null, undefined),
    );

    serve(app, contract.getUnsubscribeLink, (request) => service.unsubscribeState(context, request.query));

    serve(app, contract.unsubscribe, (request) => service.unsubscribe(context, request.query), {
      rateLimit: { max: 30, timeWindow: '1 minute' },
    });
  };
}
