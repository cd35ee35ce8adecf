import { PageHead } from '../../../components/ui/page-head.tsx';
import { PageProgress } from '../../../components/ui/progress-bar.tsx';
import { SavedCarsList } from '../../../features/saved-cars/index.ts';
import { useMe } from '../../../lib/auth.ts';

export default function BuyerSavedPage() {
  const me = useMe();
  return (
    <div>
      <PageHead title="Saved Cars" description="The cars you have saved on Redline." />
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Saved Cars</h1>
        <p className="mt-1 text-base-content/75">Cars you bookmarked, most recently saved first.</p>
      </header>
      {me.data ? <SavedCarsList email={me.data.email} /> : <PageProgress label="Loading your saved cars" />}
    </div>
  );
}
