/** The reviews module's public surface: other code imports this file only. */
import { defineModule } from '../../server-module.ts';
import { reviewsRoutes } from './reviews.routes.ts';

export { findReview } from './reviews.repository.ts';
export { reviewSummaryOf } from './reviews.service.ts';

/** Verified reviews of sellers (ADR 64), their reports and the admins' moderation of them. */
export const reviewsModule = defineModule({ name: 'reviews', routes: reviewsRoutes });
