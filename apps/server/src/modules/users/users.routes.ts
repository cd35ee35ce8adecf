import {
  deletedCountSchema,
  emailParamsSchema,
  listedUserSchema,
  meSchema,
  pageOf,
  pageQuerySchema,
  sellerProfileSchema,
  userIdParamsSchema,
  userSchema,
} from '@redline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { currentUser, sessionUser } from '../../http/access.ts';
import * as service from './users.service.ts';

const tags = ['users'];

export function usersRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { auth, sessions } = context;
  return async (app) => {
    // Public, so that a signed-out visitor's page asking "who am I?" gets null, not a 401 (which
    // browsers log as a console error on every public page).
    app.get('/me', {
      config: { access: 'public' },
      schema: {
        tags,
        operationId: 'getMe',
        summary: 'The signed-in user (with whether their address is confirmed), or null',
        response: { 200: meSchema.nullable() },
      },
      handler: (request) => sessionUser(auth, sessions, request),
    });

    app.get('/users/:email', {
      config: { access: 'signedIn' },
      schema: {
        tags,
        operationId: 'getUser',
        otherStatuses: [404],
        summary: 'A user by e-mail (self or admin)',
        params: emailParamsSchema,
        response: { 200: userSchema },
      },
      handler: (request) => service.getUserByEmail(context, currentUser(request), request.params.email),
    });

    app.get('/sellers/:id', {
      config: { access: 'signedIn' },
      schema: {
        tags,
        operationId: 'getSeller',
        otherStatuses: [404],
        summary:
          "A seller's page: name, verified badge, member since, cars for sale (their cars: GET /cars/search?seller=)",
        params: userIdParamsSchema,
        response: { 200: sellerProfileSchema },
      },
      handler: (request) => service.getSellerProfile(context, request.params.id),
    });

    app.post('/users', {
      config: { access: 'signedIn' },
      schema: { tags, summary: 'Not available: accounts are created by sign-up', hide: true },
      handler: () => service.createUser(),
    });

    app.delete('/users/:email', {
      config: { access: ['Admin'] },
      schema: {
        tags,
        operationId: 'deleteUser',
        otherStatuses: [404],
        summary: 'Delete a buyer or seller (admin)',
        params: emailParamsSchema,
        response: { 200: deletedCountSchema },
      },
      handler: (request) => service.deleteUserByEmail(context, currentUser(request), request.params.email),
    });

    for (const [path, role] of [
      ['buyers', 'Buyer'],
      ['sellers', 'Seller'],
    ] as const) {
      app.get(`/user/${path}`, {
        config: { access: ['Admin'] },
        schema: {
          tags,
          operationId: `list${role}s`,
          summary: `List ${path} (admin)`,
          querystring: pageQuerySchema,
          // Each list has users of its role only, and says so.
          response: { 200: pageOf(listedUserSchema.extend({ role: z.literal(role) })) },
        },
        handler: (request) => service.listUsers(context, role, request.query),
      });
      app.patch(`/user/${path}/:id`, {
        config: { access: ['Admin'] },
        schema: {
          tags,
          operationId: `verify${role}`,
          otherStatuses: [404],
          summary: `Verify a ${role.toLowerCase()} (admin)`,
          params: userIdParamsSchema,
          response: { 200: userSchema },
        },
        handler: (request) => service.verifyUser(context, request.params.id, role),
      });
    }
  };
}
