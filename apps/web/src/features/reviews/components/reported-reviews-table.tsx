import { formatDate, type ReportedReview } from '@redline/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  dismissReports,
  ReportEntry,
  ReportedItemsTable,
} from '../../../components/ui/reported-items-table.tsx';
import { StackCell } from '../../../components/ui/stack-table.tsx';
import { paths } from '../../../config/paths.ts';
import { useDismissReviewReports } from '../api/dismiss-review-reports.ts';
import { useReportedReviews } from '../api/get-reported-reviews.ts';
import { reviewOverall } from './review-card.tsx';
import { Stars } from './stars.tsx';
import { VisibilityDialog } from './visibility-dialog.tsx';

export const DISMISSED_REVIEW_MESSAGE = 'Reports dismissed: the review stays as it is';

const COLUMNS = [
  'Review',
  'Reports',
  'Moderation',
  <span key="actions" className="sr-only">
    Actions
  </span>,
];

/**
 * Reported and hidden reviews: the review, its latest reports and its log; hide it or show it again
 * with a note, or dismiss its reports (a hidden one stays listed, to be shown again).
 */
export function ReportedReviewsTable() {
  const dismiss = useDismissReviewReports();
  const [toModerate, setToModerate] = useState<ReportedReview | null>(null);
  return (
    <ReportedItemsTable
      query={useReportedReviews()}
      caption="Reported reviews"
      columns={COLUMNS}
      empty={{
        title: 'No reported reviews',
        text: 'When someone reports a review of a seller, it appears here for you to read, hide or keep.',
      }}
      idOf={(item) => item.review.id}
      actions={{
        dismiss: dismissReports<ReportedReview>({
          mutation: dismiss,
          done: DISMISSED_REVIEW_MESSAGE,
          explain: ({ review }) => (
            <p>
              The reports of the review by {review.buyerName} will be removed as unfounded. The review stays
              as it is{review.hidden ? ': hidden, and listed here to be shown again' : ''}.
            </p>
          ),
        }),
      }}
      cells={(item, ask) => {
        const { review } = item;
        const about = `the review by ${review.buyerName} of ${item.sellerName}`;
        return (
          <>
            <StackCell primary>
              {/* The review is prose, wrapped anywhere like a report's details (ReportEntry). */}
              <div className="flex flex-col gap-1 wrap-anywhere md:min-w-64 md:max-w-md">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{review.buyerName}</span>
                  <span className="text-sm text-base-content/70">
                    of{' '}
                    <Link to={paths.seller(review.sellerId)} className="link link-hover">
                      {item.sellerName}
                    </Link>
                  </span>
                  {review.hidden ? <span className="badge badge-neutral badge-sm">Hidden</span> : null}
                </p>
                <Stars value={reviewOverall(review)} size="sm" />
                <p className="text-xs text-base-content/70">
                  Test drive of the {review.carName} · {formatDate(review.createdAt)}
                </p>
                <p className="mt-1 whitespace-pre-line text-sm">{review.body}</p>
                {review.answer ? (
                  <p className="mt-1 whitespace-pre-line border-l-2 border-base-300 pl-2 text-sm text-base-content/80">
                    <span className="font-medium">Answer: </span>
                    {review.answer.body}
                  </p>
                ) : null}
              </div>
            </StackCell>
            <StackCell label="Reports" stacked>
              {item.reports.length === 0 ? (
                <p className="text-sm text-base-content/70">Dismissed</p>
              ) : (
                <ol className="flex flex-col gap-2 text-sm" aria-label="Reports">
                  {item.reports.map((report) => (
                    <ReportEntry
                      key={`${report.reporterName}-${report.createdAt}`}
                      report={report}
                      by={report.reporterName}
                    />
                  ))}
                  {item.reportCount > item.reports.length ? (
                    <li className="text-xs text-base-content/70">
                      and {item.reportCount - item.reports.length} earlier
                    </li>
                  ) : null}
                </ol>
              )}
            </StackCell>
            <StackCell label="Moderation" stacked>
              {item.moderation.length === 0 ? (
                <p className="text-sm text-base-content/70">Never hidden</p>
              ) : (
                <ol className="flex flex-col gap-1.5 text-sm" aria-label="Moderation log">
                  {item.moderation.map((line) => (
                    <li key={`${line.action}-${line.createdAt}`}>
                      <p className="wrap-anywhere">
                        <span className="font-medium">
                          {line.action === 'hidden' ? 'Hidden' : 'Restored'}
                        </span>
                        : {line.note}
                      </p>
                      <p className="text-xs text-base-content/70">
                        {line.adminName ?? 'A former admin'} · {formatDate(line.createdAt)}
                      </p>
                    </li>
                  ))}
                </ol>
              )}
            </StackCell>
            <StackCell actions>
              <div className="flex w-full flex-wrap gap-2 md:w-auto md:flex-col md:items-stretch">
                <button
                  type="button"
                  className={`btn btn-sm flex-1 md:flex-none ${review.hidden ? '' : 'btn-error btn-outline'}`}
                  aria-haspopup="dialog"
                  aria-label={`${review.hidden ? 'Show again' : 'Hide'} ${about}`}
                  onClick={() => setToModerate(item)}
                >
                  {review.hidden ? 'Show again' : 'Hide'}
                </button>
                {item.reports.length > 0 ? (
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm flex-1 md:flex-none"
                    aria-label={`Dismiss the reports of ${about}`}
                    onClick={() => ask('dismiss')}
                  >
                    Dismiss reports
                  </button>
                ) : null}
              </div>
            </StackCell>
          </>
        );
      }}
    >
      {toModerate ? <VisibilityDialog reported={toModerate} onClose={() => setToModerate(null)} /> : null}
    </ReportedItemsTable>
  );
}
