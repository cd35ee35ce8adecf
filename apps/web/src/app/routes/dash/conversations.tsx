import { PageHead } from '../../../components/ui/page-head.tsx';
import { ConversationsList } from '../../../features/conversations/index.ts';

export default function ConversationsPage() {
  return (
    <div>
      <PageHead title="Messages" description="Your conversations with buyers and sellers on Redline." />
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Messages</h1>
        <p className="mt-1 text-base-content/75">Your conversations about cars, the latest first.</p>
      </header>
      <ConversationsList />
    </div>
  );
}
