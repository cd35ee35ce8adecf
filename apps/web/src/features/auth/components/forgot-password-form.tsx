import type { forgotPasswordSchema } from '@redline/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TextField } from '../../../components/ui/form-field.tsx';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { toast } from '../../../lib/toast.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const RESET_LINK_SENT = 'If an account exists, we sent a reset link';

export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordInput>({
    resolver: lazyZodResolver(() => import('../utils/schemas.ts').then((m) => m.forgotPasswordSchema)),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(({ email }) =>
    request.mutate(email, {
      onSuccess: () => {
        toast.success(RESET_LINK_SENT);
        setSentTo(email);
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-1">
      <TextField
        id="forgot-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <button type="submit" className="btn btn-primary mt-3 w-full" disabled={request.isPending}>
        {request.isPending ? (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        ) : null}
        Send reset link
      </button>
      <div aria-live="polite">
        {sentTo ? (
          <p className="alert alert-success alert-soft mt-3 text-sm">
            {RESET_LINK_SENT} to {sentTo}. The link works for one hour; check your spam folder if it does not
            arrive.
          </p>
        ) : null}
      </div>
    </form>
  );
}
