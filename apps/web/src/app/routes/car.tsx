import { PageTitle } from '../../components/ui/page-title.tsx';

export default function CarPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageTitle title="Car details" />
      <h1 className="text-3xl font-bold tracking-tight">Car details</h1>
    </div>
  );
}
