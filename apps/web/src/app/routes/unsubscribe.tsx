import { useSearchParams } from 'react-router';
import { PageHead } from '../../components/ui/page-head.tsx';
import { UnsubscribePanel } from '../../features/notifications/index.ts';

export default function UnsubscribePage() {
  const [search] = useSearchParams();
  return (
    <>
      <PageHead title="Unsubscribe" description="Stop an e-mail notification from Redline." />
      <UnsubscribePanel token={search.get('token') ?? ''} />
    </>
  );
}
