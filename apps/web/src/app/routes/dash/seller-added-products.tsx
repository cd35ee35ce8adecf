import { PageTitle } from '../../../components/ui/page-title.tsx';

export default function SellerAddedProductsPage() {
  return (
    <div>
      <PageTitle title="My Posts" />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My Posts</h1>
    </div>
  );
}
