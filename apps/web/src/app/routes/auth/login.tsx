import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageHead } from '../../../components/ui/page-head.tsx';
import { paths } from '../../../config/paths.ts';
import { AuthCard, LoginForm, redirectTarget } from '../../../features/auth/index.ts';
import { useMe } from '../../../lib/auth.ts';
import { authPageState } from '../../../lib/return-to.ts';

export default function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const me = useMe();
  const state = authPageState(location);
  const redirectTo = redirectTarget(state);
  const googleError = searchParams.get('error');

  return (
    <AuthCard
      title="Sign in"
      subtitle="Welcome back. Sign in to book test drives, save cars and manage your posts."
    >
      <PageHead
        title="Sign in"
        description="Sign in to Redline to see the cars of every category, book test drives and manage your posts."
        canonical={paths.login}
      />
      {me.data ? (
        <p className="alert alert-info alert-soft text-sm">
          You are signed in as {me.data.name} ({me.data.role}). That page needs a different account; sign in
          with it below.
        </p>
      ) : null}
      {googleError ? (
        <p role="alert" className="alert alert-error alert-soft text-sm">
          Signing in with Google did not complete. Please try again.
        </p>
      ) : null}
      <LoginForm
        redirectTo={redirectTo}
        onSuccess={() => navigate(redirectTo, { replace: true })}
        linkState={state}
      />
    </AuthCard>
  );
}
