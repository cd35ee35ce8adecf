import { formatDate } from '@redline/shared';
import { Link } from 'react-router';
import { CarThumbnail } from '../../../components/ui/car-thumbnail.tsx';
import {
  dismissReports,
  ReportEntry,
  ReportedItemsTable,
} from '../../../components/ui/reported-items-table.tsx';
import { StackCell } from '../../../components/ui/stack-table.tsx';
import { NameWithBadge } from '../../../components/ui/verified-badge.tsx';
import { paths } from '../../../config/paths.ts';
import { useDeleteReportedCar } from '../api/delete-reported-car.ts';
import { useDismissReports } from '../api/dismiss-reports.ts';
import { type ReportedCar, useReportedCars } from '../api/get-reported-cars.ts';

export const DELETED_CAR_MESSAGE = 'Deleted post successfully';
export const DISMISSED_MESSAGE = 'Reports dismissed';

const COLUMNS = [
  'Car',
  'Posted by',
  'Reports',
  <span key="actions" className="sr-only">
    Actions
  </span>,
];

function Reports({ car }: { car: ReportedCar }) {
  return (
    <div className="flex flex-col items-end gap-2 md:items-start">
      <span className="font-semibold">
        {car.reportCount} {car.reportCount === 1 ? 'report' : 'reports'}
      </span>
      <ul className="flex flex-wrap justify-end gap-1 md:justify-start" aria-label="Reasons">
        {car.reasons.map(({ reason, count }) => (
          <li
            key={reason}
            className="badge badge-sm whitespace-nowrap border-base-300 bg-base-200 text-base-content"
          >
            {reason}
            {count > 1 ? ` ×${count}` : ''}
          </li>
        ))}
      </ul>
      <details className="group w-full text-left text-sm">
        <summary className="cursor-pointer text-right font-medium text-primary md:text-left">
          Read the reports
        </summary>
        {car.reports.length < car.reportCount ? (
          <p className="mt-2 text-base-content/70">
            The latest {car.reports.length} of {car.reportCount}
          </p>
        ) : null}
        <ol className="mt-2 flex flex-col gap-2">
          {car.reports.map((report) => (
            <ReportEntry
              key={`${report.buyerName}-${report.createdAt}`}
              report={report}
              by={report.buyerName}
            />
          ))}
        </ol>
      </details>
    </div>
  );
}

/** Reported Items: each reported car with its reports; delete the car or dismiss the reports. */
export function ReportedCarsTable() {
  const deleteCar = useDeleteReportedCar();
  const dismiss = useDismissReports();
  return (
    <ReportedItemsTable
      query={useReportedCars()}
      caption="Reported items"
      columns={COLUMNS}
      empty={{
        title: 'Nothing reported',
        text: 'When a buyer reports a post, it appears here with the reasons, for you to review.',
      }}
      idOf={(car) => car.id}
      actions={{
        delete: {
          title: 'Delete this post?',
          confirmLabel: 'Delete Post',
          mutation: deleteCar,
          done: DELETED_CAR_MESSAGE,
          explain: (car) => (
            <p>
              The <strong>{car.carName}</strong> by {car.postedBy} will be removed with its advertisement,
              saved posts, reports and unpaid bookings. Paid bookings and payments stay for accounting. This
              cannot be undone.
            </p>
          ),
        },
        dismiss: dismissReports<ReportedCar>({
          mutation: dismiss,
          done: DISMISSED_MESSAGE,
          explain: (car) => (
            <p>
              The {car.reportCount === 1 ? 'report' : `${car.reportCount} reports`} about the{' '}
              <strong>{car.carName}</strong> will be removed as unfounded. The post stays listed.
            </p>
          ),
        }),
      }}
      cells={(car, ask) => (
        <>
          <StackCell primary>
            <div className="flex items-center gap-3 md:min-w-60">
              <CarThumbnail src={car.carPhoto} name={car.carName} />
              <div className="min-w-0">
                <p className="font-semibold leading-snug">{car.carName}</p>
                <p className="text-xs text-base-content/70">Last reported {formatDate(car.lastReportedAt)}</p>
              </div>
            </div>
          </StackCell>
          <StackCell label="Posted by">
            <NameWithBadge name={car.postedBy} verified={car.sellerVerified} subject="seller" />
          </StackCell>
          <StackCell label="Reports" stacked>
            <Reports car={car} />
          </StackCell>
          <StackCell actions>
            <div className="flex w-full flex-wrap gap-2 md:w-auto md:flex-col md:items-stretch">
              <Link
                to={paths.car(car.id)}
                className="btn btn-sm flex-1 md:flex-none"
                aria-label={`View Details of the ${car.carName}`}
              >
                View Details
              </Link>
              <button
                type="button"
                className="btn btn-ghost btn-sm flex-1 md:flex-none"
                aria-label={`Dismiss reports about the ${car.carName}`}
                onClick={() => ask('dismiss')}
              >
                Dismiss reports
              </button>
              <button
                type="button"
                className="btn btn-error btn-sm flex-1 md:flex-none"
                aria-label={`Delete Post ${car.carName}`}
                onClick={() => ask('delete')}
              >
                Delete Post
              </button>
            </div>
          </StackCell>
        </>
      )}
    />
  );
}
