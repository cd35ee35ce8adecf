import { Link, useSearchParams } from 'react-router';
import { PageHead } from '../../../components/ui/page-head.tsx';
import { paths } from '../../../config/paths.ts';
import { AuthCard } from '../../../features/auth/index.ts';
import { useMe } from '../../../lib/auth.ts';

/** Why a confirmation link did not confirm (Better Auth's `?error=`): expired, or anything else. */
const NOT_CONFIRMED = {
  TOKEN_EXPIRED: { title: 'This link has expired', text: 'Confirmation links work for a day.' },
  other: { title: 'This link is not valid', text: 'Open the latest link we e-mailed you.' },
};

/** Where an e-mailed confirmation link lands: /user/email-confirmed, or ?error=… when it did not confirm. */
export default function EmailConfirmedPage() {
  const [searchParams] = useSearchParams();
  const { data: me } = useMe();
  const error = searchParams.get('error');
  const failed =
    error === null
      ? undefined
      : error === 'TOKEN_EXPIRED'
        ? NOT_CONFIRMED.TOKEN_EXPIRED
        : NOT_CONFIRMED.other;
  const next = me ? (
    <Link to={paths.dashboard} className="btn btn-primary w-full">
      Go to your dashboard
    </Link>
  ) : (
    <Link to={paths.login} className="btn btn-primary w-full">
      Sign in
    </Link>
  );

  return (
    <AuthCard title={failed ? failed.title : 'Address confirmed'}>
      <PageHead
        title="Confirm your address"
        description="Confirm the e-mail address of your Redline account."
      />
      {failed ? (
        <p role="alert" className="alert alert-error alert-soft text-sm">
          {failed.text}{' '}
          {me ? 'Send a new one from your dashboard.' : 'Sign in, then send a new one from your dashboard.'}
        </p>
      ) : (
        <p className="text-sm">
          Your e-mail address is confirmed. Redline will e-mail you notifications as your settings say.
        </p>
      )}
      {next}
    </AuthCard>
  );
}
