import { contract } from '@redline/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isbot } from 'isbot';
import { actingAs } from '../../access/record-access.ts';
import { currentUser, sessionUser } from '../../http/access.ts';
import { serve } from '../../http/serve.ts';
import { visitorLimit } from '../../http/visitor-limit.ts';
import * as service from './listing-stats.service.ts';

/**
 * What a visitor's address may record in a minute: a page records once as it is shown (a results
 * page, a "Load more", a car's page), so a person browsing stays far below, as below the searches'.
 */
export const VISITOR_RECORDS_PER_MINUTE = 240;

export function listingStatsRoutes(context: service.ListingStatsContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(
      app,
      contract.recordListingActivity,
      async (request) => {
        const viewer = await sessionUser(context, request);
        const userAgent = request.headers['user-agent'] ?? '';
        // A team member seeing their dealer's cars is the dealer seeing its own (ADR 65).
        const viewerId = viewer ? actingAs(viewer) : null;
        return service.recordActivity(context, request.body, {
          viewerId,
          visitor: viewerId ? { userId: viewerId } : { ip: request.ip, userAgent },
          crawler: isbot(userAgent),
        });
      },
      { rateLimit: visitorLimit(context, VISITOR_RECORDS_PER_MINUTE) },
    );
    serve(app, contract.getSellerStats, (request) => service.sellerStats(context, currentUser(request)));
    serve(app, contract.listListingStats, (request) =>
      service.listingLines(context, currentUser(request), request.query),
    );
    serve(app, contract.getListingStats, (request) =>
      service.listingStats(context, currentUser(request), request.params.id),
    );
  };
}
