/**
 * An import's rows in file order, a page at a time: what each does to the dealer's cars and, for a
 * row the form's rules refuse, each field's error in the form's words, named by its column. The
 * dealer may show only the rows with errors.
 */
import type { InventoryImport, InventoryImportRow } from '@redline/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, ListSkeleton, LoadMoreButton } from '../../../components/ui/list-states.tsx';
import { StackCell, StackRow, StackTable } from '../../../components/ui/stack-table.tsx';
import { paths } from '../../../config/paths.ts';
import { useImportRows } from '../api/list-import-rows.ts';
import { countOf } from './import-words.ts';

const OUTCOME_WORDS: Record<InventoryImportRow['outcome'], { planned: string; done: string; badge: string }> =
  {
    create: { planned: 'New car', done: 'Created', badge: 'badge-success' },
    update: { planned: 'Update', done: 'Updated', badge: 'badge-info' },
    unchanged: { planned: 'Unchanged', done: 'Unchanged', badge: 'badge-ghost' },
    failed: { planned: 'Error', done: 'Failed', badge: 'badge-error' },
  };

export function ImportRowsTable({ imported }: { imported: InventoryImport }) {
  const [failedOnly, setFailedOnly] = useState(false);
  const rows = useImportRows(imported.id, failedOnly);
  const filterId = useId();
  // What a row did is known once the whole import is applied; until then, what it will do.
  const planned = imported.status !== 'done';
  const failed = imported.counts.failed;
  return (
    <section aria-labelledby={`${filterId}-heading`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${filterId}-heading`} className="text-lg font-semibold">
          Rows
        </h3>
        {failed > 0 ? (
          <label htmlFor={filterId} className="label cursor-pointer gap-2 text-sm">
            <input
              id={filterId}
              type="checkbox"
              className="toggle toggle-sm toggle-error"
              checked={failedOnly}
              onChange={(event) => setFailedOnly(event.target.checked)}
            />
            Only the {countOf(failed, ['row', 'rows'])} with errors
          </label>
        ) : null}
      </div>
      {rows.isPending ? (
        <ListSkeleton label="Loading the rows" />
      ) : rows.isError ? (
        <ErrorState
          message={`Could not load the rows. ${rows.error.message}`}
          onRetry={() => rows.refetch()}
        />
      ) : rows.data.pages[0]?.items.length === 0 ? (
        <EmptyState title="No rows to show" />
      ) : (
        <>
          <StackTable
            caption="The rows of the file"
            columns={['Row', 'Stock number', 'VIN', 'Result', 'Errors']}
          >
            {rows.data.pages
              .flatMap((page) => page.items)
              .map((row) => (
                <StackRow key={row.rowNumber}>
                  <StackCell label="Row">
                    <span className="tabular-nums">{row.rowNumber}</span>
                  </StackCell>
                  <StackCell label="Stock number">{row.stockNumber ?? '—'}</StackCell>
                  <StackCell label="VIN">
                    <span className="font-mono text-xs">{row.vin ?? '—'}</span>
                  </StackCell>
                  <StackCell label="Result">
                    <span className={`badge badge-sm ${OUTCOME_WORDS[row.outcome].badge}`}>
                      {OUTCOME_WORDS[row.outcome][planned ? 'planned' : 'done']}
                    </span>
                    {row.carId && !planned ? (
                      <Link to={paths.car(row.carId)} className="link ml-2 text-sm">
                        View car
                      </Link>
                    ) : null}
                  </StackCell>
                  <StackCell label="Errors">
                    <RowErrors errors={row.errors} />
                  </StackCell>
                </StackRow>
              ))}
          </StackTable>
          <LoadMoreButton
            hasNextPage={rows.hasNextPage}
            isFetchingNextPage={rows.isFetchingNextPage}
            fetchNextPage={() => rows.fetchNextPage()}
          />
        </>
      )}
    </section>
  );
}

/** A row's errors by column, in the form's words; none, a dash. */
function RowErrors({ errors }: { errors: InventoryImportRow['errors'] }) {
  const entries = Object.entries(errors);
  if (entries.length === 0) return <span className="text-base-content/60">—</span>;
  return (
    <ul className="flex flex-col gap-0.5 text-left text-error">
      {entries.map(([column, message]) => (
        <li key={column}>
          <span className="font-mono text-xs font-semibold">{column}</span>: {message}
        </li>
      ))}
    </ul>
  );
}
