import { useLocation, useNavigate } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { AuthCard, type FromState, redirectTarget, SignUpForm } from '../../../features/auth/index.ts';

export default function SignUpPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const redirectTo = redirectTarget(location.state);

  return (
    <AuthCard title="Create your account" subtitle="Buy or sell exotic and used cars. It takes a minute.">
      <PageTitle title="Sign up" />
      <SignUpForm
        redirectTo={redirectTo}
        onSuccess={() => navigate(redirectTo, { replace: true })}
        linkState={location.state as FromState | undefined}
      />
    </AuthCard>
  );
}
