import { useAppConfig } from '../../../lib/app-config.ts';
import { useSignInWithGoogle } from '../api/sign-in-with-google.ts';

type GoogleSignInButtonProps = {
  label: string;
  /** The path to land on after Google sends the user back. */
  callbackURL: string;
};

/** Shown only when the server has Google sign-in configured (`GET /api/config`). */
export function GoogleSignInButton({ label, callbackURL }: GoogleSignInButtonProps) {
  const config = useAppConfig();
  const google = useSignInWithGoogle();
  if (!config.data?.googleSignIn) return null;

  return (
    <>
      <div className="divider text-sm text-base-content/75">or</div>
      <button
        type="button"
        className="btn btn-outline w-full"
        onClick={() => google.mutate(callbackURL)}
        disabled={google.isPending}
      >
        <svg aria-hidden="true" viewBox="0 0 48 48" width="18" height="18">
          <path
            fill="#FFC107"
            d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.6-.4-3.9Z"
          />
          <path
            fill="#FF3D00"
            d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7Z"
          />
          <path
            fill="#4CAF50"
            d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2c-2 1.5-4.6 2.4-7.2 2.4-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44Z"
          />
          <path
            fill="#1976D2"
            d="M43.6 20.1H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9Z"
          />
        </svg>
        {label}
      </button>
    </>
  );
}
