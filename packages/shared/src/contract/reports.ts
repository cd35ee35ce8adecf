/** Buyers reporting cars, and the admin's review of the reported ones. */
import { deletedCountSchema, pageOf, pageQuerySchema } from '../common.ts';
import {
  reportedCarParamsSchema,
  reportedCarSchema,
  reportedStateSchema,
  reportInputSchema,
  reportSchema,
} from '../reports.ts';
import { defineRoute } from './route.ts';

const tags = ['reports'];

export const reportsRoutes = {
  reportPost: defineRoute({
    method: 'POST',
    path: '/reportedpost',
    access: ['Buyer'],
    tags,
    operationId: 'reportPost',
    summary: 'Report a car (buyer, once per car)',
    body: reportInputSchema,
    responses: { 201: reportSchema },
    otherStatuses: [404, 409],
  }),
  getReportedState: defineRoute({
    method: 'GET',
    path: '/reportedpost/:carId',
    access: ['Buyer'],
    tags,
    operationId: 'getReportedState',
    summary: 'Whether the signed-in buyer reported this car',
    params: reportedCarParamsSchema,
    responses: { 200: reportedStateSchema },
  }),
  listReportedPosts: defineRoute({
    method: 'GET',
    path: '/reportedpost',
    access: ['Admin'],
    tags,
    operationId: 'listReportedPosts',
    summary: 'Reported cars with their reports, most recently reported first (admin)',
    query: pageQuerySchema,
    responses: { 200: pageOf(reportedCarSchema) },
  }),
  deleteReportedPost: defineRoute({
    method: 'DELETE',
    path: '/reportedpost/:carId',
    access: ['Admin'],
    tags,
    operationId: 'deleteReportedPost',
    summary: 'Delete a reported car with its advertisement, saved cars, reports and unpaid bookings (admin)',
    params: reportedCarParamsSchema,
    responses: { 200: deletedCountSchema },
    otherStatuses: [404],
  }),
  dismissReports: defineRoute({
    method: 'POST',
    path: '/reportedpost/:carId/dismiss',
    access: ['Admin'],
    tags,
    operationId: 'dismissReports',
    summary: "Dismiss a car's reports as unfounded; the car stays (admin)",
    params: reportedCarParamsSchema,
    responses: { 200: deletedCountSchema },
    otherStatuses: [404],
  }),
};
