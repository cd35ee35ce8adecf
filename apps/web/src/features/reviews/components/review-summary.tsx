import type { ReviewSummary as Summary } from '@redline/shared';
import { formatRating, reviewCount } from '../utils/rating.ts';
import { Stars } from './stars.tsx';

/** The three ratings a review gives, in the order the form asks them. */
export const RATINGS = [
  { key: 'experience', label: 'Experience' },
  { key: 'accuracy', label: 'Accuracy of the listing' },
  { key: 'communication', label: 'Communication' },
] as const;

/**
 * A seller's reviews in figures: the overall average in stars and how many reviews, then each
 * rating's average as a bar; "No reviews yet" while there is none.
 */
export function ReviewSummary({ summary }: { summary: Summary }) {
  if (summary.count === 0 || summary.overall === null) {
    return <p className="text-base-content/75">No reviews yet.</p>;
  }
  return (
    <div className="flex flex-col gap-5 rounded-box border border-base-300 bg-base-200/40 p-5 sm:flex-row sm:items-center sm:gap-8">
      <div className="flex flex-col items-start gap-1 sm:min-w-44">
        <p className="text-4xl font-extrabold tracking-tight">
          {formatRating(summary.overall)}
          <span className="text-base font-medium text-base-content/70"> / 5</span>
        </p>
        <Stars value={summary.overall} />
        <p className="text-sm text-base-content/75">{reviewCount(summary.count)}</p>
      </div>
      <dl className="grid flex-1 grid-cols-[auto_1fr_auto] items-center gap-x-3 gap-y-2 text-sm">
        {RATINGS.map(({ key, label }) => {
          const value = summary[key] ?? 0;
          return (
            <div key={key} className="contents">
              <dt className="text-base-content/80">{label}</dt>
              <dd className="h-2 overflow-hidden rounded-full bg-base-300" aria-hidden="true">
                <div className="h-full rounded-full bg-warning" style={{ width: `${(value / 5) * 100}%` }} />
              </dd>
              <dd className="text-right font-semibold tabular-nums">
                <span className="sr-only">{label}: </span>
                {formatRating(value)}
                <span className="sr-only"> out of 5</span>
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
