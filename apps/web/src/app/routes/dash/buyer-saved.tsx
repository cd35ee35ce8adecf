import { PageTitle } from '../../../components/ui/page-title.tsx';

export default function BuyerSavedPage() {
  return (
    <div>
      <PageTitle title="Saved Cars" />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Saved Cars</h1>
    </div>
  );
}
