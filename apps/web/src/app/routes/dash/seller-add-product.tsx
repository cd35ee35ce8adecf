import { PageTitle } from '../../../components/ui/page-title.tsx';

export default function SellerAddProductPage() {
  return (
    <div>
      <PageTitle title="Post a Car" />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Post a Car</h1>
    </div>
  );
}
