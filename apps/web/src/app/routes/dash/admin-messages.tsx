import { PageHead } from '../../../components/ui/page-head.tsx';
import { ContactInbox } from '../../../features/admin/index.ts';

export default function AdminMessagesPage() {
  return (
    <div>
      <PageHead title="Messages" description="What visitors wrote to Redline through the contact form." />
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Messages</h1>
        <p className="mt-1 text-base-content/75">
          What visitors wrote through the contact form. Reply by e-mail, then mark the message handled.
        </p>
      </header>
      <ContactInbox />
    </div>
  );
}
