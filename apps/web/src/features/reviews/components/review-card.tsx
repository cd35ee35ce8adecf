import { type Review, reviewAnchor } from '@redline/shared';
import type { ReactNode } from 'react';
import { InitialAvatar } from '../../../components/ui/initial-avatar.tsx';
import { LocalDate } from '../../../components/ui/local-date.tsx';
import { formatRating } from '../utils/rating.ts';
import { RATINGS } from './review-summary.tsx';
import { Stars } from './stars.tsx';

/** The average of a review's three ratings, as its stars show it. */
export const reviewOverall = (review: Pick<Review, 'experience' | 'accuracy' | 'communication'>) =>
  (review.experience + review.accuracy + review.communication) / 3;

type ReviewCardProps = {
  review: Review;
  /** The answer's heading: "Answer from Sam's Autos", "Your answer". */
  answerTitle?: string;
  /** Report, answer: what the viewer may do with it. */
  actions?: ReactNode;
};

/**
 * One review as its seller's page shows it: who wrote it after a test drive of which car, its stars,
 * its text, and the seller's answer under it. The article carries the review's anchor
 * (`reviewAnchor`), which the buyer's notification of an answer links to.
 */
export function ReviewCard({ review, answerTitle = "The seller's answer", actions }: ReviewCardProps) {
  return (
    <article
      id={reviewAnchor(review.id)}
      aria-labelledby={`${reviewAnchor(review.id)}-title`}
      className="scroll-mt-24 rounded-box border border-base-300 bg-base-100 p-4 target:border-primary target:ring-2 target:ring-primary/30 sm:p-5"
    >
      <header className="flex items-start gap-3">
        <InitialAvatar name={review.buyerName} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h3 id={`${reviewAnchor(review.id)}-title`} className="font-semibold">
              {review.buyerName}
            </h3>
            <Stars value={reviewOverall(review)} size="sm" />
            {review.hidden ? <span className="badge badge-neutral badge-sm">Hidden by an admin</span> : null}
          </div>
          <p className="mt-0.5 text-sm text-base-content/70">
            Test drive of the {review.carName} · <LocalDate value={review.createdAt} />
          </p>
        </div>
      </header>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-base-content/75">
        {RATINGS.map(({ key, label }) => (
          <li key={key}>
            {label}: <span className="font-semibold text-base-content">{formatRating(review[key])}</span>
            <span className="sr-only"> out of 5</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 whitespace-pre-line leading-relaxed">{review.body}</p>
      {review.answer ? (
        <section
          aria-label={answerTitle}
          className="mt-4 rounded-box border-l-4 border-primary/60 bg-base-200 p-3 sm:p-4"
        >
          <p className="text-sm font-semibold">
            {answerTitle}
            <span className="font-normal text-base-content/70">
              {' '}
              · <LocalDate value={review.answer.answeredAt} />
            </span>
          </p>
          <p className="mt-1 whitespace-pre-line text-sm leading-relaxed">{review.answer.body}</p>
        </section>
      ) : null}
      {actions ? <div className="mt-3 flex flex-wrap justify-end gap-2">{actions}</div> : null}
    </article>
  );
}
