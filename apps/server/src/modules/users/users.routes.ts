import { contract } from '@redline/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser, sessionUser } from '../../http/access.ts';
import { serve } from '../../http/serve.ts';
import * as service from './users.service.ts';

export function usersRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, contract.getMe, async (request) =>
      service.getMe(context, await sessionUser(context, request)),
    );
    serve(app, contract.setMyLocation, (request) =>
      service.setMyLocation(context, currentUser(request), request.body.postalCode),
    );
    serve(app, contract.getUser, (request) =>
      service.getUserByEmail(context, currentUser(request), request.params.email),
    );
    serve(app, contract.getSeller, (request) => service.getSellerProfile(context, request.params.id));

    // Not part of the API (hidden from its document, absent from the contract): a refusal with a reason.
    app.post('/users', {
      config: { access: 'signedIn' },
      schema: { tags: ['users'], summary: 'Not available: accounts are created by sign-up', hide: true },
      handler: () => service.createUser(),
    });

    serve(app, contract.deleteUser, (request) =>
      service.deleteUserByEmail(context, currentUser(request), request.params.email),
    );
    serve(app, contract.listBuyers, (request) => service.listBuyers(context, request.query));
    serve(app, contract.verifyBuyer, (request) => service.verifyUser(context, request.params.id, 'Buyer'));
    serve(app, contract.listSellers, (request) => service.listSellers(context, request.query));
    serve(app, contract.verifySeller, (request) => service.verifyUser(context, request.params.id, 'Seller'));
  };
}
