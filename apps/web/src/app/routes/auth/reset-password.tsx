import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHead } from '../../../components/ui/page-head.tsx';
import { paths } from '../../../config/paths.ts';
import { AuthCard, ResetPasswordForm } from '../../../features/auth/index.ts';

/** The page the reset e-mail links to: /user/reset-password?token=… (or ?error=INVALID_TOKEN). */
export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = searchParams.get('token');
  const invalid = !token || searchParams.has('error');

  return (
    <AuthCard title="Choose a new password">
      <PageHead title="Reset password" description="Choose a new password for your Redline account." />
      {invalid ? (
        <>
          <p role="alert" className="alert alert-error alert-soft text-sm">
            This reset link is invalid or has expired. Links work once, for one hour.
          </p>
          <Link to={paths.forgotPassword} className="btn btn-primary w-full">
            Send a new link
          </Link>
        </>
      ) : (
        <ResetPasswordForm token={token} onSuccess={() => navigate(paths.login, { replace: true })} />
      )}
    </AuthCard>
  );
}
