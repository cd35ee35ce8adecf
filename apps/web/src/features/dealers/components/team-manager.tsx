/**
 * A dealer's team, for its owner and managers: the members with their roles (change one, remove one
 * after a confirmation), the invitation form, and the pending invitations (revoke one).
 */
import { TEAM_ROLES, type Team, type TeamMember, type TeamRole } from '@redline/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmailAddress } from '../../../components/ui/email-address.tsx';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/ui/list-states.tsx';
import { LocalDate } from '../../../components/ui/local-date.tsx';
import { ConfirmDialog } from '../../../components/ui/modal.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useMyTeam } from '../api/get-my-team.ts';
import { useRemoveTeamMember } from '../api/remove-team-member.ts';
import { useRevokeTeamInvitation } from '../api/revoke-team-invitation.ts';
import { useSetTeamMemberRole } from '../api/set-team-member-role.ts';
import { InviteForm } from './invite-form.tsx';
import { ROLE_WORDS } from './role-words.ts';

export function TeamManager() {
  const team = useMyTeam();
  if (team.isPending) return <ListSkeleton label="Loading your team" />;
  if (team.isError) {
    // A private seller has no team: a dealer has (409).
    if (team.error instanceof ApiError && team.error.status === 409)
      return (
        <EmptyState
          title="Only a dealer has a team"
          action={
            <Link to={paths.dashSellerDealer} className="btn btn-primary">
              Fill in your dealer profile
            </Link>
          }
        >
          Become a dealer first; then invite the people who sell with you.
        </EmptyState>
      );
    return (
      <ErrorState
        message={`Could not load your team. ${team.error.message}`}
        onRetry={() => team.refetch()}
      />
    );
  }
  return (
    <div className="flex flex-col gap-8">
      <Members team={team.data} />
      <InviteForm />
      <Invitations invitations={team.data.invitations} />
    </div>
  );
}

function Members({ team }: { team: Team }) {
  const setRole = useSetTeamMemberRole();
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const remove = useRemoveTeamMember();
  const confirmRemoval = () =>
    removing &&
    remove.mutate(removing.id, {
      onSuccess: () => {
        toast.success(`${removing.name} is no longer in your team`);
        setRemoving(null);
      },
    });
  return (
    <section aria-labelledby="team-members" className="flex flex-col gap-3">
      <h2 id="team-members" className="text-lg font-semibold">
        Members
      </h2>
      <ul className="divide-y divide-base-300 rounded-box border border-base-300">
        <li className="flex flex-wrap items-center gap-x-4 gap-y-1 p-4">
          <div className="min-w-48 flex-1">
            <p className="font-medium">{team.owner.name}</p>
            <p className="text-sm text-base-content/75">
              <EmailAddress address={team.owner.email} />
            </p>
          </div>
          <span className="badge badge-neutral">{ROLE_WORDS.owner.name}</span>
        </li>
        {team.members.map((member) => (
          <li key={member.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4">
            <div className="min-w-48 flex-1">
              <p className="font-medium">{member.name}</p>
              <p className="text-sm text-base-content/75">
                <EmailAddress address={member.email} /> · since <LocalDate value={member.since} />
              </p>
            </div>
            <label className="sr-only" htmlFor={`role-${member.id}`}>
              Role of {member.name}
            </label>
            <select
              id={`role-${member.id}`}
              className="select select-sm w-40"
              value={member.role}
              disabled={setRole.isPending}
              onChange={(event) =>
                setRole.mutate(
                  { id: member.id, role: event.target.value as TeamRole },
                  { onSuccess: (changed) => toast.success(`${changed.name} is now a ${changed.role}`) },
                )
              }
            >
              {TEAM_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_WORDS[role].name}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="btn btn-ghost btn-sm text-error"
              aria-label={`Remove ${member.name}`}
              onClick={() => setRemoving(member)}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      {team.members.length === 0 ? (
        <p className="text-sm text-base-content/75">Nobody sells with you yet: invite someone below.</p>
      ) : null}
      <dl className="grid gap-1 text-sm text-base-content/75 sm:grid-cols-[auto_1fr] sm:gap-x-3">
        {TEAM_ROLES.map((role) => (
          <div key={role} className="contents">
            <dt className="font-medium text-base-content">{ROLE_WORDS[role].name}</dt>
            <dd>{ROLE_WORDS[role].does}</dd>
          </div>
        ))}
      </dl>
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        onConfirm={confirmRemoval}
        title={`Remove ${removing?.name ?? ''} from your team?`}
        confirmLabel="Remove"
        cancelLabel="Keep them"
        pending={remove.isPending}
      >
        Their access ends at once. The cars, messages, offers and test drives they handled stay yours.
      </ConfirmDialog>
    </section>
  );
}

function Invitations({ invitations }: { invitations: Team['invitations'] }) {
  const revoke = useRevokeTeamInvitation();
  return (
    <section aria-labelledby="team-invitations" className="flex flex-col gap-3">
      <h2 id="team-invitations" className="text-lg font-semibold">
        Pending invitations
      </h2>
      {invitations.length === 0 ? (
        <p className="text-sm text-base-content/75">No invitation waits for an answer.</p>
      ) : (
        <ul className="divide-y divide-base-300 rounded-box border border-base-300">
          {invitations.map((invitation) => {
            const expired = Date.parse(invitation.expiresAt) <= Date.now();
            return (
              <li key={invitation.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4">
                <div className="min-w-48 flex-1">
                  <p className="font-medium">
                    <EmailAddress address={invitation.email} />
                  </p>
                  <p className="text-sm text-base-content/75">
                    {ROLE_WORDS[invitation.role].name}
                    {invitation.invitedBy ? `, invited by ${invitation.invitedBy}` : ''} ·{' '}
                    {expired ? 'expired' : 'until'} <LocalDate value={invitation.expiresAt} />
                  </p>
                </div>
                {expired ? <span className="badge badge-warning">Expired</span> : null}
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={`Revoke the invitation of ${invitation.email}`}
                  disabled={revoke.isPending}
                  onClick={() =>
                    revoke.mutate(invitation.id, {
                      onSuccess: () => toast.success(`The invitation of ${invitation.email} is revoked`),
                    })
                  }
                >
                  Revoke
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
