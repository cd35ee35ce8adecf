import { useParams } from 'react-router';
import { BackButton } from '../../../components/ui/back-button.tsx';
import { PageHead } from '../../../components/ui/page-head.tsx';
import { paths } from '../../../config/paths.ts';
import { ConversationThread } from '../../../features/conversations/index.ts';
import { OfferPanel } from '../../../features/offers/index.ts';

export default function ConversationPage() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <PageHead title="Conversation" description="A conversation about a car on Redline." />
      <BackButton fallback={paths.dashConversations} label="All messages" />
      <ConversationThread key={id} id={id} offer={(offerId) => <OfferPanel id={offerId} />} />
    </div>
  );
}
