import type { SignUpInput } from '@redline/shared';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { TextField } from '../../../components/ui/form-field.tsx';
import { paths } from '../../../config/paths.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { toast } from '../../../lib/toast.ts';
import { useSignUp } from '../api/sign-up.ts';
import type { FromState } from '../utils/redirect.ts';
import { GoogleSignInButton } from './google-sign-in-button.tsx';
import { PasswordField } from './password-field.tsx';

type SignUpFormProps = {
  redirectTo: string;
  onSuccess: () => void;
  linkState?: FromState;
};

export function SignUpForm({ redirectTo, onSuccess, linkState }: SignUpFormProps) {
  const signUp = useSignUp();
  /** The address that already had an account: its owner has been e-mailed (ADR 35). */
  const [emailedTo, setEmailedTo] = useState<string>();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignUpInput>({
    resolver: lazyZodResolver(() => import('../utils/schemas.ts').then((m) => m.signUpSchema)),
    defaultValues: { name: '', email: '', password: '', role: 'Buyer' },
  });

  const onSubmit = handleSubmit((values) =>
    signUp.mutate(values, {
      onSuccess: ({ signedIn }) => {
        if (!signedIn) return setEmailedTo(values.email);
        toast.success('Account created. We have e-mailed you a link to confirm your address.');
        onSuccess();
      },
      onError: (error) => setServerFieldErrors(error, setError, ['name', 'email', 'password']),
    }),
  );

  if (emailedTo)
    return (
      <>
        <div role="status" className="alert alert-info alert-soft text-sm">
          <p>
            Check your inbox at <span className="break-words font-medium">{emailedTo}</span>: we have e-mailed
            you about your account. If you already have one, sign in, or choose a new password if you have
            forgotten it.
          </p>
        </div>
        <Link to={paths.login} state={linkState} className="btn btn-primary w-full">
          Sign in
        </Link>
        <Link to={paths.forgotPassword} className="link link-primary text-center text-sm">
          Forgot your password?
        </Link>
      </>
    );

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-1">
        <TextField
          id="signup-name"
          label="Name"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          id="signup-email"
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          id="signup-password"
          label="Password"
          autoComplete="new-password"
          hint="At least 7 characters."
          error={errors.password?.message}
          {...register('password')}
        />
        <Controller
          control={control}
          name="role"
          render={({ field }) => (
            <div className="mt-3 flex items-center justify-between gap-3 rounded-box border border-base-300 p-3">
              <div>
                <label htmlFor="signup-sell" className="block cursor-pointer font-medium">
                  I want to sell cars
                </label>
                <p id="signup-sell-hint" className="text-xs text-base-content/75">
                  {field.value === 'Seller' ? 'You will join as a Seller.' : 'You will join as a Buyer.'}
                </p>
              </div>
              <input
                id="signup-sell"
                type="checkbox"
                role="switch"
                aria-checked={field.value === 'Seller'}
                className="toggle toggle-primary"
                aria-describedby="signup-sell-hint"
                name={field.name}
                ref={field.ref}
                checked={field.value === 'Seller'}
                onChange={(event) => field.onChange(event.target.checked ? 'Seller' : 'Buyer')}
                onBlur={field.onBlur}
              />
            </div>
          )}
        />
        <button type="submit" className="btn btn-primary mt-4 w-full" disabled={signUp.isPending}>
          {signUp.isPending ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : null}
          Create account
        </button>
      </form>
      <GoogleSignInButton label="Sign up with Google" callbackURL={redirectTo} />
      <p className="text-center text-sm">
        Already have an account?{' '}
        <Link to={paths.login} state={linkState} className="link link-primary font-medium">
          Sign in
        </Link>
      </p>
    </>
  );
}
