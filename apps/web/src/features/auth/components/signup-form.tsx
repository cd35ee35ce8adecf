import type { SignUpInput } from '@redline/shared';
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
      onSuccess: () => {
        toast.success('Successfully signed up');
        onSuccess();
      },
      onError: (error) => setServerFieldErrors(error, setError, ['name', 'email', 'password']),
    }),
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
