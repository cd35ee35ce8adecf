/**
 * Brute-force protection: failed sign-ins are counted per e-mail and per IP address in a sliding
 * window; past the limit further attempts get 429 until the window has moved on.
 * Counters live in this process (documented in docs/security.md).
 */
export const SIGN_IN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  perEmail: 5,
  perIp: 20,
} as const;

export class SignInLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits = SIGN_IN_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait, or 0 when this e-mail and IP may try again. */
  retryAfter(email: string, ip: string): number {
    const wait = Math.max(
      this.waitFor(`email:${email}`, this.limits.perEmail),
      this.waitFor(`ip:${ip}`, this.limits.perIp),
    );
    return Math.ceil(wait / 1000);
  }

  recordFailure(email: string, ip: string): void {
    for (const key of [`email:${email}`, `ip:${ip}`]) {
      const list = this.recent(key);
      list.push(this.now());
      this.failures.set(key, list);
    }
  }

  recordSuccess(email: string): void {
    this.failures.delete(`email:${email}`);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.limits.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) this.failures.delete(key);
    return list;
  }

  private waitFor(key: string, max: number): number {
    const list = this.recent(key);
    if (list.length < max) return 0;
    return list[list.length - max]! + this.limits.windowMs - this.now();
  }
}
