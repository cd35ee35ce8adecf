import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { toast } from '../../../lib/toast.ts';
import { useResetPassword } from '../api/reset-password.ts';
import type { resetFormSchema } from '../utils/schemas.ts';
import { PasswordField } from './password-field.tsx';

type ResetFormInput = z.infer<typeof resetFormSchema>;

export function ResetPasswordForm({ token, onSuccess }: { token: string; onSuccess: () => void }) {
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetFormInput>({
    resolver: lazyZodResolver(() => import('../utils/schemas.ts').then((m) => m.resetFormSchema)),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ password }) =>
    reset.mutate(
      { newPassword: password, token },
      {
        onSuccess: () => {
          toast.success('Your password has been changed. Sign in with the new one.');
          onSuccess();
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-1">
      <PasswordField
        id="reset-password"
        label="New password"
        autoComplete="new-password"
        hint="At least 7 characters."
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        id="reset-confirm"
        label="Repeat the new password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <button type="submit" className="btn btn-primary mt-3 w-full" disabled={reset.isPending}>
        {reset.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        Change password
      </button>
    </form>
  );
}
