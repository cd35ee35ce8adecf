/** Reports of cars by buyers, and the admin's view of reported cars. */
import { z } from 'zod';
import { reportInput } from './common.ts';
import { REPORT_REASONS } from './constants.ts';

export const reportReasonSchema = z.enum(REPORT_REASONS, { error: 'Choose a reason' });

const carId = z.guid({ error: 'Choose a car' });

export const reportInputSchema = reportInput(
  reportReasonSchema,
  { carId },
  'Tell us what is wrong with this post',
);
export type ReportInput = z.infer<typeof reportInputSchema>;

export const reportedCarParamsSchema = z.object({ carId });

/** Whether the signed-in buyer has reported a car (a buyer reports a car once). */
export const reportedStateSchema = z.object({ reported: z.boolean() });
export type ReportedState = z.infer<typeof reportedStateSchema>;

/** The reply to a buyer's report. */
export const reportSchema = z.object({
  id: z.string(),
  carId: z.string(),
  reason: reportReasonSchema,
  details: z.string(),
  createdAt: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

/** How many of a reported car's reports the admins' list shows with their details: the latest. */
export const REPORTS_SHOWN = 10;

/**
 * One reported car in the admin's list: how many reports gave each reason, and the latest
 * `REPORTS_SHOWN` reports, newest first (`reportCount` counts them all).
 */
export const reportedCarSchema = z.object({
  /** The car's id. */
  id: z.string(),
  carName: z.string(),
  carPhoto: z.string(),
  /** The seller's display name. */
  postedBy: z.string(),
  sellerEmail: z.string(),
  sellerVerified: z.boolean(),
  reportCount: z.number().int(),
  lastReportedAt: z.string(),
  /** Most common first. */
  reasons: z
    .array(z.object({ reason: reportReasonSchema, count: z.number().int().min(1) }))
    .max(REPORT_REASONS.length),
  reports: z
    .array(
      z.object({
        reason: reportReasonSchema,
        details: z.string(),
        buyerName: z.string(),
        createdAt: z.string(),
      }),
    )
    .max(REPORTS_SHOWN),
});
export type ReportedCar = z.infer<typeof reportedCarSchema>;
