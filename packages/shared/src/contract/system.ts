/** The health checks and what the browser needs to know of the server. */
import { z } from 'zod';
import { publicConfigSchema } from '../auth.ts';
import { defineRoute } from './route.ts';

const tags = ['system'];
const healthySchema = z.object({ status: z.literal('ok') });

export const systemRoutes = {
  getLiveness: defineRoute({
    method: 'GET',
    path: '/health/live',
    access: 'public',
    tags,
    operationId: 'getLiveness',
    summary: 'The process answers (restart it when it does not)',
    responses: { 200: healthySchema },
  }),
  getReadiness: defineRoute({
    method: 'GET',
    path: '/health/ready',
    access: 'public',
    tags,
    operationId: 'getReadiness',
    summary: 'The instance takes traffic: its database answers, fully migrated; not overloaded or draining',
    responses: { 200: healthySchema },
    otherStatuses: [503],
  }),
  getConfig: defineRoute({
    method: 'GET',
    path: '/config',
    access: 'public',
    tags,
    operationId: 'getConfig',
    summary: 'What the browser needs to know',
    responses: { 200: publicConfigSchema },
  }),
};
