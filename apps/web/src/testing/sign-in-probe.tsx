/** The sign-in page in a test: says where it would send the visitor back (the location state's `from`). */
import { useLocation } from 'react-router';
import type { FromState } from '../lib/return-to.ts';

export function SignInPageProbe() {
  const from = (useLocation().state as FromState | null)?.from;
  return <p>{from ? `Back to ${from.pathname}${from.search}` : 'No way back'}</p>;
}
