import { contract } from '@redline/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import { serve } from '../../http/serve.ts';
import * as service from './dealers.service.ts';

export function dealersRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, contract.getMyDealerProfile, (request) =>
      service.myDealerProfile(context, currentUser(request)),
    );
    serve(app, contract.saveMyDealerProfile, (request) =>
      service.saveMyDealerProfile(context, currentUser(request), request.body),
    );
    serve(app, contract.deleteMyDealerProfile, (request) => service.goPrivate(context, currentUser(request)));
    serve(app, contract.setDealerVerification, (request) =>
      service.setVerification(context, currentUser(request), request.params.id, request.body),
    );
    serve(app, contract.listDealerVerifications, (request) =>
      service.verificationHistory(context, request.params.id, request.query),
    );
  };
}
