/**
 * A committing import's progress bar (rows applied of those read) and what it did so far; when the
 * job is done, a link to the cars; when it stopped, why, and what stays.
 */
import type { InventoryImport } from '@redline/shared';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { countOf } from './import-words.ts';

export function ImportProgress({ imported }: { imported: InventoryImport }) {
  const { counts, applied, status } = imported;
  const total = counts.read;
  const percent = total === 0 ? 100 : Math.round((applied / total) * 100);
  return (
    <section aria-label="Progress of the import" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <p className="font-medium" role="status">
          {status === 'done'
            ? 'Done: every row is applied.'
            : status === 'failed'
              ? 'The import stopped.'
              : `Applying… ${applied.toLocaleString('en-US')} of ${countOf(total, ['row', 'rows'])}`}
        </p>
        <p className="tabular-nums text-base-content/75">{percent}%</p>
      </div>
      <progress
        className={`progress w-full ${status === 'failed' ? 'progress-error' : status === 'done' ? 'progress-success' : 'progress-primary'}`}
        value={applied}
        max={Math.max(total, 1)}
        aria-label="Rows applied"
        aria-valuetext={`${applied} of ${total} rows applied`}
      />
      <p className="text-sm text-base-content/75">
        {countOf(counts.created, ['car created', 'cars created'])} ·{' '}
        {countOf(counts.updated, ['car updated', 'cars updated'])} ·{' '}
        {countOf(counts.failed, ['row failed', 'rows failed'])}
        {imported.mode === 'full' && status === 'done'
          ? ` · ${countOf(counts.markedSold, ['car marked sold', 'cars marked sold'])}`
          : ''}
      </p>
      {status === 'failed' ? (
        <p className="text-sm text-error">
          {imported.error ?? 'The import could not finish.'} The cars applied so far stay; upload the same
          file again to apply the rest.
        </p>
      ) : null}
      {status === 'done' ? (
        <p>
          <Link to={paths.dashSellerCars} className="link link-primary font-medium">
            See your cars
          </Link>
        </p>
      ) : null}
    </section>
  );
}
