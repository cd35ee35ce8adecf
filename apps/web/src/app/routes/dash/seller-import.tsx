import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/list-states.tsx';
import { PageHead } from '../../../components/ui/page-head.tsx';
import { paths } from '../../../config/paths.ts';
import {
  ApiKeyPanel,
  ImportList,
  ImportUploadForm,
  ImportView,
} from '../../../features/inventory-import/index.ts';
import { useMe } from '../../../lib/auth.ts';

/**
 * Import inventory (a dealer's owner and managers, ADR 66): upload a file, read its preview, commit
 * it and follow its progress; the earlier imports; the feed's API key. The import shown is the
 * address's `?import=`, so a reload or the list's link opens it.
 */
export default function SellerImportPage() {
  const me = useMe();
  const [search, setSearch] = useSearchParams();
  const shown = search.get('import');
  const sellsFor = me.data?.sellsFor;
  const handlesImports = sellsFor?.businessName != null && sellsFor.role !== 'salesperson';
  return (
    <div>
      <PageHead
        title="Import inventory"
        description="Bring your dealership's cars in from a file or a feed."
      />
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Import inventory</h1>
        <p className="mt-1 max-w-3xl text-base-content/75">
          Add and update many cars at once from a CSV or JSON file: you see what it would do, row by row,
          before anything changes. Rows are matched to your cars by stock number, else VIN, so the same file
          twice changes nothing. The template names the columns, with an example row.
        </p>
      </header>
      {me.data && !handlesImports ? (
        <EmptyState
          title="Only a dealer imports inventory"
          action={
            sellsFor?.role === 'salesperson' ? null : (
              <Link to={paths.dashSellerDealer} className="btn btn-primary">
                Fill in your dealer profile
              </Link>
            )
          }
        >
          {sellsFor?.role === 'salesperson'
            ? 'Your dealership’s owner and managers import its cars.'
            : 'Become a dealer first; then bring your stock in from a file.'}
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-10">
          <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <ImportUploadForm onPreviewed={(imported) => setSearch({ import: imported.id })} />
            <section aria-labelledby="import-feed" className="flex flex-col gap-3">
              <h2 id="import-feed" className="text-lg font-semibold">
                Feed API key
              </h2>
              <p className="text-sm text-base-content/75">
                Your system can send the same file on a schedule to Redline's feed address with this key: it
                is imported and committed at once, and shows in your imports below.
              </p>
              <ApiKeyPanel />
            </section>
          </div>
          {shown ? <ImportView key={shown} id={shown} /> : null}
          <section aria-labelledby="import-history" className="flex flex-col gap-3">
            <h2 id="import-history" className="text-lg font-semibold">
              Your imports
            </h2>
            <ImportList linkTo={paths.dashSellerImportOf} />
          </section>
        </div>
      )}
    </div>
  );
}
