/** The auth feature's public surface: code outside features/auth imports only this file. */
export { AuthCard } from './components/auth-card.tsx';
export { ConfirmAddressBanner } from './components/confirm-address-banner.tsx';
export { ForgotPasswordForm } from './components/forgot-password-form.tsx';
export { LoginForm } from './components/login-form.tsx';
export {
  browsingNeedsSignIn,
  RedirectSignedIn,
  RequireAuth,
  RequireBrowsing,
  RequireRole,
  type RequireRoleProps,
  roleGuard,
  signedInGuard,
} from './components/require-auth.tsx';
export { ResetPasswordForm } from './components/reset-password-form.tsx';
export { SignUpForm } from './components/signup-form.tsx';
export { redirectTarget } from './utils/redirect.ts';
