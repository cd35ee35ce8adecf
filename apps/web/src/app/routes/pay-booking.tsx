import { PageTitle } from '../../components/ui/page-title.tsx';

export default function PayBookingPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageTitle title="Pay for your test drive" />
      <h1 className="text-3xl font-bold tracking-tight">Pay for your test drive</h1>
    </div>
  );
}
