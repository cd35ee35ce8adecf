import { AuthLink } from '../../../components/ui/auth-link.tsx';
import { PageHead } from '../../../components/ui/page-head.tsx';
import { PageProgress } from '../../../components/ui/progress-bar.tsx';
import { paths } from '../../../config/paths.ts';
import { DefaultLocationForm, WelcomeCard } from '../../../features/dashboard/index.ts';
import { LeaveTeam } from '../../../features/dealers/index.ts';
import { useMe } from '../../../lib/auth.ts';

export default function DashboardHomePage() {
  const me = useMe();
  if (me.isPending) return <PageProgress label="Loading your dashboard" />;
  return (
    <>
      <PageHead title="Dashboard" description="Your Redline dashboard." />
      {me.data ? (
        <div className="flex flex-col gap-6">
          <WelcomeCard user={me.data} />
          {me.data.sellsFor && me.data.sellsFor.role !== 'owner' ? (
            <LeaveTeam sellsFor={me.data.sellsFor} />
          ) : null}
          {me.data.role === 'Seller' ? <DefaultLocationForm me={me.data} /> : null}
        </div>
      ) : (
        <div className="flex flex-col items-start gap-3">
          <h1 className="text-2xl font-bold">Dashboard</h1>
          <AuthLink to={paths.login} className="btn btn-primary">
            Sign In to use Dashboard
          </AuthLink>
        </div>
      )}
    </>
  );
}
