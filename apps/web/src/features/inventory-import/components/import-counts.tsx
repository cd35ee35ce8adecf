/**
 * An import's figures: before its commit, what committing would do ("to create"); then what it did.
 */
import type { InventoryImport } from '@redline/shared';

type Figure = { label: string; value: number; tone?: string };

/** A figure stands out in its colour only when it is not zero. */
const toneOf = (value: number, tone: string) => (value > 0 ? tone : undefined);

function importFigures(imported: InventoryImport): Figure[] {
  const { counts } = imported;
  const planned = imported.status === 'previewed';
  return [
    { label: 'Rows read', value: counts.read },
    { label: 'Valid', value: counts.valid },
    {
      label: planned ? 'To create' : 'Created',
      value: counts.created,
      tone: toneOf(counts.created, 'text-success'),
    },
    {
      label: planned ? 'To update' : 'Updated',
      value: counts.updated,
      tone: toneOf(counts.updated, 'text-info'),
    },
    { label: 'Unchanged', value: counts.unchanged },
    { label: 'Failed', value: counts.failed, tone: toneOf(counts.failed, 'text-error') },
    ...(imported.mode === 'full'
      ? [
          {
            label: planned ? 'To mark sold' : 'Marked sold',
            value: counts.markedSold,
            tone: toneOf(counts.markedSold, 'text-warning'),
          },
        ]
      : []),
  ];
}

export function ImportCounts({ imported }: { imported: InventoryImport }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
      {importFigures(imported).map((figure) => (
        <div key={figure.label} className="rounded-box border border-base-300 bg-base-100 px-3 py-2">
          <dt className="text-xs font-medium text-base-content/70">{figure.label}</dt>
          <dd className={`text-xl font-semibold tabular-nums ${figure.tone ?? ''}`}>
            {figure.value.toLocaleString('en-US')}
          </dd>
        </div>
      ))}
    </dl>
  );
}
