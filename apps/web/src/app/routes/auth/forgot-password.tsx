import { Link, useLocation } from 'react-router';
import { PageHead } from '../../../components/ui/page-head.tsx';
import { paths } from '../../../config/paths.ts';
import { AuthCard, ForgotPasswordForm } from '../../../features/auth/index.ts';

export default function ForgotPasswordPage() {
  const location = useLocation();
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
    >
      <PageHead
        title="Forgot password"
        description="Forgot your Redline password? Ask for a link to choose a new one."
        canonical={paths.forgotPassword}
      />
      <ForgotPasswordForm />
      <p className="text-center text-sm">
        Remembered it?{' '}
        <Link to={paths.login} state={location.state} className="link link-primary font-medium">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
