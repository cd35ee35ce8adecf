/** The dealer's earlier imports, newest first: each one's status and figures, and a link to open it. */
import { Link } from 'react-router';
import { EmptyState, ErrorState, ListSkeleton, LoadMoreButton } from '../../../components/ui/list-states.tsx';
import { LocalDate } from '../../../components/ui/local-date.tsx';
import { StackCell, StackRow, StackTable } from '../../../components/ui/stack-table.tsx';
import { useImports } from '../api/list-imports.ts';
import { MODE_WORDS, STATUS_BADGES, STATUS_WORDS } from './import-words.ts';

export function ImportList({ linkTo }: { linkTo: (id: string) => string }) {
  const imports = useImports();
  if (imports.isPending) return <ListSkeleton label="Loading your imports" />;
  if (imports.isError)
    return (
      <ErrorState
        message={`Could not load your imports. ${imports.error.message}`}
        onRetry={() => imports.refetch()}
      />
    );
  const items = imports.data.pages.flatMap((page) => page.items);
  if (items.length === 0)
    return (
      <EmptyState title="No imports yet">Your uploads and your feed's imports will show here.</EmptyState>
    );
  return (
    <>
      <StackTable
        caption="Your imports"
        columns={[
          'Uploaded',
          'From',
          'Status',
          'Rows',
          'Created',
          'Updated',
          'Failed',
          <span key="open" className="sr-only">
            Open
          </span>,
        ]}
      >
        {items.map((imported) => (
          <StackRow key={imported.id}>
            <StackCell primary>
              <LocalDate value={imported.createdAt} />
              <span className="block text-xs text-base-content/70">{MODE_WORDS[imported.mode]}</span>
            </StackCell>
            <StackCell label="From">
              {imported.source === 'feed' ? 'Feed' : (imported.createdBy?.name ?? 'Upload')}
            </StackCell>
            <StackCell label="Status">
              <span className={`badge badge-sm whitespace-nowrap ${STATUS_BADGES[imported.status]}`}>
                {STATUS_WORDS[imported.status]}
              </span>
            </StackCell>
            <StackCell label="Rows">{imported.counts.read.toLocaleString('en-US')}</StackCell>
            <StackCell label="Created">{imported.counts.created.toLocaleString('en-US')}</StackCell>
            <StackCell label="Updated">{imported.counts.updated.toLocaleString('en-US')}</StackCell>
            <StackCell label="Failed">{imported.counts.failed.toLocaleString('en-US')}</StackCell>
            <StackCell actions>
              <Link to={linkTo(imported.id)} className="btn btn-sm btn-outline">
                Open
              </Link>
            </StackCell>
          </StackRow>
        ))}
      </StackTable>
      <LoadMoreButton
        hasNextPage={imports.hasNextPage}
        isFetchingNextPage={imports.isFetchingNextPage}
        fetchNextPage={() => imports.fetchNextPage()}
      />
    </>
  );
}
