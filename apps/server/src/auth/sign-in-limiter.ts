/**
 * Password guessing is slowed per client and account, never per account alone, so a stranger who
 * types wrong passwords for someone's address locks out only themselves (policy in docs/security.md):
 * - per client (IP address) and account: a few free failures, then an exponential back-off;
 * - per client across accounts: a ceiling, against one client trying many accounts;
 * - per account across clients: a generous ceiling against distributed guessing, which does not
 *   apply to a device that has signed in to that account before (its "known device" cookie), nor
 *   counts its failures.
 * The counts are in the database (rate-limits/rate-limits.ts), so every instance counts the same failures.
 */
import type { RateLimit, RateLimits } from '../rate-limits/rate-limits.ts';

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
  /** The account the attempt is for, as a digest of its normalised e-mail address. */
  account: string;
  /** The client has signed in to this account before (it holds the account's known-device cookie). */
  knownDevice: boolean;
}

/** The places an attempt holds in the limits while its password is checked. */
export interface HeldPlaces {
  attempt: SignInAttempt;
  places: { key: string; at: number }[];
}

export class SignInThrottle {
  private readonly limits: RateLimits;
  private readonly policy: typeof SIGN_IN_LIMITS;
  private readonly backoff: RateLimit;

  constructor(limits: RateLimits, policy: typeof SIGN_IN_LIMITS = SIGN_IN_LIMITS) {
    this.limits = limits;
    this.policy = policy;
    this.backoff = {
      max: policy.freeFailures,
      windowMs: policy.forgetAfterMs,
      backOff: { firstDelayMs: policy.firstDelayMs, maxDelayMs: policy.maxDelayMs },
    };
  }

  /**
   * Counts the attempt as a failure in every limit before its password is checked, so that attempts
   * sent at once are counted one by one: its places, or how long it must wait (then it holds none).
   */
  async take(attempt: SignInAttempt): Promise<{ held: HeldPlaces } | { waitMs: number }> {
    const limits: [string, RateLimit][] = [
      [pairKey(attempt), this.backoff],
      [clientKey(attempt), this.policy.perClient],
      ...(attempt.knownDevice ? [] : [[accountKey(attempt), this.policy.perAccount] as [string, RateLimit]]),
    ];
    const held: HeldPlaces = { attempt, places: [] };
    for (const [key, limit] of limits) {
      const hit = await this.limits.take(key, limit);
      if (!hit.taken) {
        await this.refund(held);
        return { waitMs: hit.waitMs };
      }
      held.places.push({ key, at: hit.at });
    }
    return { held };
  }

  /** The password was right: the attempt was no failure, and the back-off for its pair starts afresh. */
  async succeeded(held: HeldPlaces): Promise<void> {
    await Promise.all([this.refund(held), this.limits.clear(pairKey(held.attempt))]);
  }

  /** The attempt ended without a password found wrong (a refused body, an unconfirmed address…). */
  async refund(held: HeldPlaces): Promise<void> {
    await Promise.all(held.places.map(({ key, at }) => this.limits.refund(key, at)));
  }
}

const pairKey = (attempt: SignInAttempt) => `sign-in:pair:${attempt.ip} ${attempt.account}`;
const clientKey = (attempt: SignInAttempt) => `sign-in:client:${attempt.ip}`;
const accountKey = (attempt: SignInAttempt) => `sign-in:account:${attempt.account}`;
