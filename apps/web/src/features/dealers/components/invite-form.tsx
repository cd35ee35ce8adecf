/** Invites an address to the dealer's team, as a manager or a salesperson; the server e-mails the link. */
import { TEAM_ROLES, type TeamInvitationInput } from '@redline/shared';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { controlA11y, Field, TextField } from '../../../components/ui/form-field.tsx';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { toast } from '../../../lib/toast.ts';
import { useInviteTeamMember } from '../api/invite-team-member.ts';
import { ROLE_WORDS } from './role-words.ts';
import type { teamInvitationInputSchema } from './team-schema.ts';

type FormValues = z.input<typeof teamInvitationInputSchema>;

export function InviteForm() {
  const invite = useInviteTeamMember();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, TeamInvitationInput>({
    defaultValues: { email: '', role: 'salesperson' },
    resolver: lazyZodResolver(() => import('./team-schema.ts').then((m) => m.teamInvitationInputSchema)),
  });
  const onSubmit = handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: (sent) => {
        toast.success(`Invitation sent to ${sent.email}`);
        reset();
      },
      onError: (error) => setServerFieldErrors(error, setError, ['email', 'role']),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="team-invite" className="flex flex-col gap-2">
      <h2 id="team-invite" className="text-lg font-semibold">
        Invite someone
      </h2>
      <p className="text-sm text-base-content/75">
        They get an e-mail with a link that works for 7 days. They join with a seller account of that address
        that has no cars of its own for sale.
      </p>
      <div className="grid gap-x-4 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <TextField
          id="team-invite-email"
          label="E-mail address"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <Field id="team-invite-role" label="Role" error={errors.role?.message}>
          <select
            className="select w-full sm:w-44"
            {...controlA11y('team-invite-role', errors.role?.message)}
            {...register('role')}
          >
            {TEAM_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_WORDS[role].name}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" className="btn btn-primary mt-2 sm:mb-1" disabled={invite.isPending}>
          Send invitation
        </button>
      </div>
    </form>
  );
}
