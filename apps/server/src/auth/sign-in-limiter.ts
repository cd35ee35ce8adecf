/**
 * Password guessing is slowed per client and account, never per account alone, so a stranger who
 * types wrong passwords for someone's address locks out only themselves (policy in docs/security.md):
 * - per client (IP address) and account: a few free failures, then an exponential back-off;
 * - per client across accounts: a ceiling, against one client trying many accounts;
 * - per account across clients: a generous ceiling against distributed guessing, which does not
 *   apply to a device that has signed in to that account before (its "known device" cookie).
 * The counts are in the database (rate-limits/rate-limits.ts), so every instance counts the same failures.
 */
import type { RateLimits } from '../rate-limits/rate-limits.ts';

export const SIGN_IN_LIMITS = {
  /** Failures per client and account before the back-off starts. */
  freeFailures: 5,
  /** The first wait after them, doubled at each further failure, up to `maxDelayMs`. */
  firstDelayMs: 60 * 1000,
  maxDelayMs: 60 * 60 * 1000,
  /** A client's failures for an account older than this no longer count. */
  forgetAfterMs: 24 * 60 * 60 * 1000,
  perClient: { max: 20, windowMs: 15 * 60 * 1000 },
  perAccount: { max: 100, windowMs: 60 * 60 * 1000 },
} as const;

export interface SignInAttempt {
  ip: string;
  /** The normalised e-mail address the attempt is for. */
  email: string;
  /** The client has signed in to this account before (it holds the account's known-device cookie). */
  knownDevice: boolean;
}

export class SignInThrottle {
  private readonly limits: RateLimits;
  private readonly policy: typeof SIGN_IN_LIMITS;
  /** The back-off's window: enough failures to reach its longest wait, within `forgetAfterMs`. */
  private readonly backoff: { max: number; windowMs: number };

  constructor(limits: RateLimits, policy: typeof SIGN_IN_LIMITS = SIGN_IN_LIMITS) {
    this.limits = limits;
    this.policy = policy;
    const doublingsToCeiling = Math.ceil(Math.log2(policy.maxDelayMs / policy.firstDelayMs));
    this.backoff = { max: policy.freeFailures + doublingsToCeiling, windowMs: policy.forgetAfterMs };
  }

  /** Milliseconds this attempt must wait; 0 when it may go ahead. */
  async waitMs(attempt: SignInAttempt): Promise<number> {
    const [backoff, perClient, perAccount] = await Promise.all([
      this.limits.recent(pairKey(attempt), this.backoff),
      this.limits.recent(clientKey(attempt), this.policy.perClient),
      attempt.knownDevice ? undefined : this.limits.recent(accountKey(attempt), this.policy.perAccount),
    ]);
    return Math.max(this.backoffWait(backoff.recent), perClient.waitMs, perAccount?.waitMs ?? 0);
  }

  async recordFailure(attempt: SignInAttempt): Promise<void> {
    await Promise.all([
      this.limits.record(pairKey(attempt), this.backoff),
      this.limits.record(clientKey(attempt), this.policy.perClient),
      this.limits.record(accountKey(attempt), this.policy.perAccount),
    ]);
  }

  async recordSuccess(attempt: SignInAttempt): Promise<void> {
    await this.limits.clear(pairKey(attempt));
  }

  private backoffWait(failures: number[]): number {
    if (failures.length < this.policy.freeFailures) return 0;
    const doublings = failures.length - this.policy.freeFailures;
    const delay = Math.min(this.policy.firstDelayMs * 2 ** doublings, this.policy.maxDelayMs);
    return Math.max(0, failures.at(-1)! + delay - this.limits.now());
  }
}

const pairKey = (attempt: SignInAttempt) => `sign-in:pair:${attempt.ip} ${attempt.email}`;
const clientKey = (attempt: SignInAttempt) => `sign-in:client:${attempt.ip}`;
const accountKey = (attempt: SignInAttempt) => `sign-in:account:${attempt.email}`;
