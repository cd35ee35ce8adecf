import { useLocation, useNavigate } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { AuthCard, type FromState, redirectTarget, SignUpForm } from '../../../features/auth/index.ts';
import { fromState } from '../../../lib/return-to.ts';

export default function SignUpPage() {
  const location = useLocation();
  const navigate = useNavigate();
  // After a server redirect the return address is in the search, not the state (lib/return-to.ts).
  const state = (location.state as FromState | null) ?? fromState(location);
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
