import { PageTitle } from '../../components/ui/page-title.tsx';

export default function CategoryPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageTitle title="Category" />
      <h1 className="text-3xl font-bold tracking-tight">Category</h1>
    </div>
  );
}
