import { useParams } from 'react-router';
import { PageHead } from '../../components/ui/page-head.tsx';
import { TeamInvitationPanel } from '../../features/dealers/index.ts';

export default function TeamInvitationPage() {
  const { token = '' } = useParams();
  return (
    <>
      <PageHead title="Team invitation" description="Join a dealer's team on Redline." />
      <TeamInvitationPanel token={token} />
    </>
  );
}
