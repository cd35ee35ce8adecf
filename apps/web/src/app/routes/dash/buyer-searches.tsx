import { PageHead } from '../../../components/ui/page-head.tsx';
import { SavedSearchesList } from '../../../features/saved-searches/index.ts';
import { useFilterNames } from '../../../features/search/index.ts';

export default function BuyerSearchesPage() {
  const namesOf = useFilterNames();
  return (
    <div>
      <PageHead title="Saved Searches" description="The searches that tell you of new cars on Redline." />
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Saved Searches</h1>
        <p className="mt-1 text-base-content/75">
          Redline tells you when a new car matches one of them, at once or in a daily digest.
        </p>
      </header>
      <SavedSearchesList namesOf={namesOf} />
    </div>
  );
}
