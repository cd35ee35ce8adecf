import { useState } from 'react';
import { PageHead } from '../../../components/ui/page-head.tsx';
import { OtherCarNames, TypoMatches, VehicleCatalogue } from '../../../features/admin/index.ts';

const TABS = [
  { id: 'catalogue', label: 'Makes', Panel: VehicleCatalogue },
  { id: 'other', label: 'Other names', Panel: OtherCarNames },
  { id: 'typos', label: 'Typo matches', Panel: TypoMatches },
] as const;

export default function AdminCataloguePage() {
  const [tab, setTab] = useState<(typeof TABS)[number]['id']>('catalogue');
  const { Panel } = TABS.find((entry) => entry.id === tab)!;
  return (
    <div>
      <PageHead title="Vehicle catalogue" description="The makes and models cars are posted under." />
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Vehicle catalogue</h1>
        <p className="mt-1 text-base-content/75">
          The makes and models cars are posted under. Cars follow every rename, merge and deletion; names the
          catalogue lacks wait under Other names.
        </p>
      </header>
      <fieldset className="join mb-5 flex w-full sm:w-auto">
        <legend className="sr-only">Show</legend>
        {TABS.map((entry) => (
          <button
            key={entry.id}
            type="button"
            className={`btn join-item btn-sm flex-1 whitespace-nowrap px-2 sm:flex-none sm:px-4 ${tab === entry.id ? 'btn-primary' : 'btn-outline'}`}
            aria-pressed={tab === entry.id}
            onClick={() => setTab(entry.id)}
          >
            {entry.label}
          </button>
        ))}
      </fieldset>
      <Panel />
    </div>
  );
}
