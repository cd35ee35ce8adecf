/**
 * Password guessing is slowed per client and account, never per account alone, so a stranger who
 * types wrong passwords for someone's address locks out only themselves (policy in docs/security.md):
 * - per client (IP address) and account: a few free failures, then an exponential back-off;
 * - per client across accounts: a ceiling, against one client trying many accounts;
 * - per account across clients: a generous ceiling against distributed guessing, which does not
 *   apply to a device that has signed in to that account before (its "known device" cookie).
 * Counters live in this process behind the `SignInThrottle` interface.
 */
import { SlidingWindow, setBounded } from './throttle.ts';

export const SIGN_IN_LIMITS = {
  /** Failures per client and account before the back-off starts. */
  freeFailures: 5,
  /** The first wait after them, doubled at each further failure, up to `maxDelayMs`. */
  firstDelayMs: 60 * 1000,
  maxDelayMs: 60 * 60 * 1000,
  /** A client's failures for an account are forgotten this long after the last one. */
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

export interface SignInThrottle {
  /** Milliseconds this attempt must wait; 0 when it may go ahead. */
  waitMs(attempt: SignInAttempt): number;
  recordFailure(attempt: SignInAttempt): void;
  recordSuccess(attempt: SignInAttempt): void;
}

interface Backoff {
  failures: number;
  last: number;
}

export class InProcessSignInThrottle implements SignInThrottle {
  private readonly backoff = new Map<string, Backoff>();
  private readonly perClient: SlidingWindow;
  private readonly perAccount: SlidingWindow;

  private readonly limits: typeof SIGN_IN_LIMITS;
  private readonly now: () => number;

  constructor(limits: typeof SIGN_IN_LIMITS = SIGN_IN_LIMITS, now: () => number = Date.now) {
    this.limits = limits;
    this.now = now;
    this.perClient = new SlidingWindow(limits.perClient.windowMs, limits.perClient.max, now);
    this.perAccount = new SlidingWindow(limits.perAccount.windowMs, limits.perAccount.max, now);
  }

  waitMs(attempt: SignInAttempt): number {
    return Math.max(
      this.backoffWait(attempt),
      this.perClient.waitMs(attempt.ip),
      attempt.knownDevice ? 0 : this.perAccount.waitMs(attempt.email),
    );
  }

  recordFailure(attempt: SignInAttempt): void {
    const key = pairKey(attempt);
    const failures = (this.current(key)?.failures ?? 0) + 1;
    setBounded(this.backoff, key, { failures, last: this.now() });
    this.perClient.hit(attempt.ip);
    this.perAccount.hit(attempt.email);
  }

  recordSuccess(attempt: SignInAttempt): void {
    this.backoff.delete(pairKey(attempt));
  }

  private current(key: string): Backoff | undefined {
    const entry = this.backoff.get(key);
    if (entry && this.now() - entry.last > this.limits.forgetAfterMs) {
      this.backoff.delete(key);
      return undefined;
    }
    return entry;
  }

  private backoffWait(attempt: SignInAttempt): number {
    const entry = this.current(pairKey(attempt));
    if (!entry || entry.failures < this.limits.freeFailures) return 0;
    const doublings = entry.failures - this.limits.freeFailures;
    const delay = Math.min(this.limits.firstDelayMs * 2 ** doublings, this.limits.maxDelayMs);
    return Math.max(0, entry.last + delay - this.now());
  }
}

const pairKey = (attempt: SignInAttempt) => `${attempt.ip} ${attempt.email}`;
