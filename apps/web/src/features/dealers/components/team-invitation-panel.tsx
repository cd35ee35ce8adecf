/**
 * The page an e-mailed invitation's link opens: which dealer invites which address, as what; a
 * visitor signs in (or up, with a seller account) and comes back; a signed-in seller accepts.
 * Opening the link changes nothing (mail scanners open links): accepting is a button.
 */
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthLink } from '../../../components/ui/auth-link.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useMe } from '../../../lib/auth.ts';
import { toast } from '../../../lib/toast.ts';
import { useAcceptTeamInvitation } from '../api/accept-team-invitation.ts';
import { useTeamInvitation } from '../api/get-team-invitation.ts';
import { ROLE_WORDS } from './role-words.ts';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex justify-center px-4 py-10 sm:py-16">
      <section className="card w-full max-w-lg border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4 p-6 sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {children}
        </div>
      </section>
    </div>
  );
}

export function TeamInvitationPanel({ token }: { token: string }) {
  const invitation = useTeamInvitation(token);
  const me = useMe();
  const accept = useAcceptTeamInvitation();
  const navigate = useNavigate();

  if (invitation.isError) {
    return (
      <Panel title="This invitation cannot be used">
        <p className="text-base-content/80">
          {invitation.error.message.startsWith('This invitation has expired')
            ? invitation.error.message
            : 'The link was used, revoked or replaced by a newer invitation. Ask the dealer for a new one.'}
        </p>
      </Panel>
    );
  }
  if (invitation.isPending || me.isPending) {
    return (
      <Panel title="Team invitation">
        <Spinner label="Reading the invitation" />
      </Panel>
    );
  }
  const { businessName, dealerId, role } = invitation.data;
  const signedInAs = me.data;
  const onAccept = () =>
    accept.mutate(token, {
      onSuccess: async () => {
        toast.success(`You now sell for ${businessName}`);
        await navigate(paths.dashboard);
      },
    });
  return (
    <Panel title={`Join ${businessName}`}>
      <p className="text-base-content/80">
        <Link to={paths.seller(dealerId)} className="link link-primary font-medium">
          {businessName}
        </Link>{' '}
        invites you to sell with them on Redline as a {ROLE_WORDS[role].name.toLowerCase()}:{' '}
        {ROLE_WORDS[role].does.toLowerCase()}
      </p>
      <p className="text-sm text-base-content/75">
        Everything you do for the dealer is the dealer’s: the cars you post, your messages and offers stay
        with {businessName} if you leave. Accept with the seller account of the address this invitation was
        e-mailed to, without cars of your own for sale.
      </p>
      {signedInAs ? (
        <>
          <p className="text-sm text-base-content/75">You are signed in as {signedInAs.email}.</p>
          <button type="button" className="btn btn-primary" onClick={onAccept} disabled={accept.isPending}>
            Accept and join {businessName}
          </button>
        </>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row">
          <AuthLink to={paths.login} className="btn btn-primary">
            Sign in to accept
          </AuthLink>
          <AuthLink to={paths.signUp} className="btn btn-outline">
            Create a seller account
          </AuthLink>
        </div>
      )}
    </Panel>
  );
}
