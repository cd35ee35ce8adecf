/**
 * One import: its figures, then, while it is a preview, the declarations and "Commit" (a full import
 * that marks cars sold asks first); while it commits, its progress; and its rows.
 */
import type { ImportCommitInput, InventoryImport } from '@redline/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ErrorState, ListSkeleton } from '../../../components/ui/list-states.tsx';
import { LocalDate } from '../../../components/ui/local-date.tsx';
import { ConfirmDialog } from '../../../components/ui/modal.tsx';
import { changed } from '../../../lib/query-keys.ts';
import { useCommitImport } from '../api/commit-import.ts';
import { isCommitting, useImport } from '../api/get-import.ts';
import { DeclarationsForm } from './declarations-form.tsx';
import { ImportCounts } from './import-counts.tsx';
import { ImportProgress } from './import-progress.tsx';
import { ImportRowsTable } from './import-rows-table.tsx';
import { countOf, MODE_WORDS, STATUS_BADGES, STATUS_WORDS } from './import-words.ts';

export function ImportView({ id }: { id: string }) {
  const imported = useImport(id);
  useCarsRefreshedWhenApplied(imported.data);
  if (imported.isPending) return <ListSkeleton label="Loading the import" />;
  if (imported.isError)
    return (
      <ErrorState
        message={`Could not load the import. ${imported.error.message}`}
        onRetry={() => imported.refetch()}
      />
    );
  const data = imported.data;
  return (
    <section
      aria-label="The import"
      className="flex flex-col gap-5 rounded-box border border-base-300 p-4 sm:p-6"
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 className="text-xl font-semibold">{data.status === 'previewed' ? 'Preview' : 'Import'}</h2>
        <span className={`badge ${STATUS_BADGES[data.status]}`}>{STATUS_WORDS[data.status]}</span>
        <span className="text-sm text-base-content/75">
          {MODE_WORDS[data.mode]} · uploaded <LocalDate value={data.createdAt} />
        </span>
      </header>
      <ImportCounts imported={data} />
      <ExtraPhotos extraPhotos={data.extraPhotos} />
      {data.status === 'previewed' ? <CommitStep imported={data} /> : <ImportProgress imported={data} />}
      <ImportRowsTable imported={data} />
    </section>
  );
}

/**
 * When the job that applies the import finishes, the cars it made or changed show everywhere, and the
 * list and the rows (their outcomes now what the commit did) are read again.
 */
function useCarsRefreshedWhenApplied(imported: InventoryImport | undefined) {
  const queryClient = useQueryClient();
  const wasCommitting = useRef(false);
  const committing = imported ? isCommitting(imported.status) : false;
  useEffect(() => {
    if (wasCommitting.current && !committing) {
      void changed(queryClient, 'cars');
      void changed(queryClient, 'imports');
    }
    wasCommitting.current = committing;
  }, [committing, queryClient]);
}

/** The zip's photos that no row names: not stored, and said so, lest one was meant for a car. */
function ExtraPhotos({ extraPhotos }: { extraPhotos: InventoryImport['extraPhotos'] }) {
  if (extraPhotos.count === 0) return null;
  const unlisted = extraPhotos.count - extraPhotos.names.length;
  return (
    // One child: the alert lays its children out as columns, which would squeeze the names on a phone.
    <div role="note" className="alert alert-info alert-soft text-sm">
      <div className="flex min-w-0 flex-col gap-1">
        <p>
          {countOf(extraPhotos.count, ['photo', 'photos'])} of the zip{' '}
          {extraPhotos.count === 1 ? 'is' : 'are'} named by no row and{' '}
          {extraPhotos.count === 1 ? 'was' : 'were'} not added:
        </p>
        <p className="text-xs">
          <span className="font-mono wrap-anywhere">{extraPhotos.names.join(', ')}</span>
          {unlisted > 0 ? ` and ${countOf(unlisted, ['other', 'others'])}` : ''}
        </p>
      </div>
    </div>
  );
}

function CommitStep({ imported }: { imported: InventoryImport }) {
  const commit = useCommitImport();
  const [confirming, setConfirming] = useState<ImportCommitInput | null>(null);
  const { counts } = imported;
  const changes = counts.created + counts.updated + counts.markedSold;
  const send = (input: ImportCommitInput) =>
    commit.mutate({ id: imported.id, ...input }, { onSettled: () => setConfirming(null) });
  const onSubmit = (input: ImportCommitInput) =>
    imported.mode === 'full' && counts.markedSold > 0 ? setConfirming(input) : send(input);
  return (
    <div className="flex flex-col gap-3 border-t border-base-300 pt-4">
      <h3 className="text-lg font-semibold">Commit</h3>
      <p className="text-sm">
        Committing creates {countOf(counts.created, ['car', 'cars'])} and updates{' '}
        {countOf(counts.updated, ['car', 'cars'])}
        {imported.mode === 'full' ? (
          <>
            {' '}
            and <strong>marks {countOf(counts.markedSold, ['car', 'cars'])} of yours sold</strong>: those for
            sale that the file does not name
          </>
        ) : null}
        .
        {counts.failed > 0
          ? ` The ${countOf(counts.failed, ['row', 'rows'])} with errors ${counts.failed === 1 ? 'is' : 'are'} left out.`
          : ''}
        {changes === 0 ? ' Nothing would change.' : ''}
      </p>
      <DeclarationsForm
        legend="Each car of the file is posted with these declarations, as the Post a Car form asks them. Tick each one to confirm it is true of every car."
        submitLabel="Commit"
        pending={commit.isPending}
        onSubmit={onSubmit}
      />
      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        onConfirm={() => confirming && send(confirming)}
        title={`Mark ${countOf(counts.markedSold, ['car', 'cars'])} sold?`}
        confirmLabel="Commit and mark them sold"
        cancelLabel="Not yet"
        pending={commit.isPending}
      >
        This is a full import: your cars for sale that the file does not name are marked sold and leave the
        search. Buyers who saved them are told.
      </ConfirmDialog>
    </div>
  );
}
