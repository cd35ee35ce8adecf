import type { SignInInput } from '@redline/shared';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { TextField } from '../../../components/ui/form-field.tsx';
import { paths } from '../../../config/paths.ts';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { toast } from '../../../lib/toast.ts';
import { useSignIn } from '../api/sign-in.ts';
import type { FromState } from '../utils/redirect.ts';
import { GoogleSignInButton } from './google-sign-in-button.tsx';
import { PasswordField } from './password-field.tsx';

type LoginFormProps = {
  /** Where to go after signing in (also Google's callback). */
  redirectTo: string;
  onSuccess: () => void;
  /** Passed on to the sign-up and forgot-password links so the return address survives. */
  linkState?: FromState;
};

export function LoginForm({ redirectTo, onSuccess, linkState }: LoginFormProps) {
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignInInput>({
    resolver: lazyZodResolver(() => import('../utils/schemas.ts').then((m) => m.signInSchema)),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: () => {
        toast.success('Signed in.');
        onSuccess();
      },
    }),
  );

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-1">
        <TextField
          id="login-email"
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          id="login-password"
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="flex justify-end">
          <Link to={paths.forgotPassword} state={linkState} className="link link-hover text-sm">
            Forgot password?
          </Link>
        </div>
        <button type="submit" className="btn btn-primary mt-3 w-full" disabled={signIn.isPending}>
          {signIn.isPending ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : null}
          Sign in
        </button>
      </form>
      <GoogleSignInButton label="Sign in with Google" callbackURL={redirectTo} />
      <p className="text-center text-sm">
        New to Redline?{' '}
        <Link to={paths.signUp} state={linkState} className="link link-primary font-medium">
          Create an account
        </Link>
      </p>
    </>
  );
}
