import { useLocation, useNavigate } from 'react-router';
import { PageHead } from '../../../components/ui/page-head.tsx';
import { paths } from '../../../config/paths.ts';
import { AuthCard, redirectTarget, SignUpForm } from '../../../features/auth/index.ts';
import { authPageState } from '../../../lib/return-to.ts';

export default function SignUpPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = authPageState(location);
  const redirectTo = redirectTarget(state);

  return (
    <AuthCard title="Create your account" subtitle="Buy or sell exotic and used cars. It takes a minute.">
      <PageHead
        title="Sign up"
        description="Create your Redline account as a buyer, to book test drives, or as a seller, to list your cars."
        canonical={paths.signUp}
      />
      <SignUpForm
        redirectTo={redirectTo}
        onSuccess={() => navigate(redirectTo, { replace: true })}
        linkState={state}
      />
    </AuthCard>
  );
}
