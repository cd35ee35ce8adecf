import { useLocation, useNavigate } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { AuthCard, redirectTarget, SignUpForm } from '../../../features/auth/index.ts';
import { authPageState } from '../../../lib/return-to.ts';

export default function SignUpPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = authPageState(location);
  const redirectTo = redirectTarget(state);

  return (
    <AuthCard title="Create your account" subtitle="Buy or sell exotic and used cars. It takes a minute.">
      <PageTitle title="Sign up" />
      <SignUpForm
        redirectTo={redirectTo}
        onSuccess={() => navigate(redirectTo, { replace: true })}
        linkState={state}
      />
    </AuthCard>
  );
}
