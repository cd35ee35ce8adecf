import { contract } from '@redline/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import { serve } from '../../http/serve.ts';
import * as service from './offers.service.ts';

export function offersRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, contract.makeOffer, async (request, reply) =>
      reply.status(201).send(await service.makeOffer(context, currentUser(request), request.body)),
    );
    serve(app, contract.listOffersMade, (request) =>
      service.listOffers(context, currentUser(request), 'buyer', request.query),
    );
    serve(app, contract.listOffersReceived, (request) =>
      service.listOffers(context, currentUser(request), 'seller', request.query),
    );
    serve(app, contract.getOffer, (request) =>
      service.getOffer(context, currentUser(request), request.params.id),
    );
    serve(app, contract.answerOffer, (request) =>
      service.answerOffer(context, currentUser(request), request.params.id, request.body),
    );
    serve(app, contract.withdrawOffer, (request) =>
      service.withdrawOffer(context, currentUser(request), request.params.id),
    );
    serve(app, contract.confirmPurchase, (request) =>
      service.confirmPurchase(context, currentUser(request), request.params.id),
    );
    serve(app, contract.getWaitlistPlace, (request) =>
      service.getWaitlistPlace(context, currentUser(request), request.params.id),
    );
    serve(app, contract.joinWaitlist, (request) =>
      service.joinWaitlist(context, currentUser(request), request.params.id),
    );
    serve(app, contract.leaveWaitlist, (request) =>
      service.leaveWaitlist(context, currentUser(request), request.params.id),
    );
    serve(app, contract.releaseOffer, (request) =>
      service.releaseOffer(context, currentUser(request), request.params.id),
    );
  };
}
