import { contract } from '@redline/shared/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import { serve } from '../../http/serve.ts';
import * as team from './dealer-team.service.ts';
import * as service from './dealers.service.ts';

/**
 * Invitations a seller may send: a dealer hiring a team, not a mailer of strangers. Counted per
 * user, after the access check has named them.
 */
const invitationLimit = {
  max: 20,
  timeWindow: '1 hour',
  hook: 'preHandler',
  keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
} as const;

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

    serve(app, contract.getMyTeam, (request) => team.getTeam(context, currentUser(request)));
    serve(
      app,
      contract.inviteTeamMember,
      async (request, reply) =>
        reply.status(201).send(await team.invite(context, currentUser(request), request.body)),
      { rateLimit: invitationLimit },
    );
    serve(app, contract.revokeTeamInvitation, (request) =>
      team.revokeInvitation(context, currentUser(request), request.params.id),
    );
    serve(app, contract.setTeamMemberRole, (request) =>
      team.setMemberRole(context, currentUser(request), request.params.id, request.body.role),
    );
    serve(app, contract.removeTeamMember, (request) =>
      team.removeMember(context, currentUser(request), request.params.id),
    );
    serve(app, contract.leaveTeam, (request) => team.leaveTeam(context, currentUser(request)));
    serve(app, contract.getTeamInvitation, (request) =>
      team.previewInvitation(context, request.params.token),
    );
    serve(app, contract.acceptTeamInvitation, (request) =>
      team.acceptInvitation(context, currentUser(request), request.params.token),
    );
  };
}
