import { describe, expect, it } from 'vitest';
import { InProcessSignInThrottle, SIGN_IN_LIMITS, type SignInAttempt } from '../src/auth/sign-in-limiter.ts';

/** A throttle on a clock the test moves. */
function throttleAt(start = 0) {
  const clock = { now: start };
  return { clock, throttle: new InProcessSignInThrottle(SIGN_IN_LIMITS, () => clock.now) };
}

const attempt = (over: Partial<SignInAttempt> = {}): SignInAttempt => ({
  ip: '10.0.0.1',
  email: 'owner@example.test',
  knownDevice: false,
  ...over,
});

describe('sign-in throttle (issue 16, item 2)', () => {
  it('lets a client fail a few times, then doubles its wait at each further failure, up to a ceiling', () => {
    const { clock, throttle } = throttleAt();
    for (let i = 0; i < SIGN_IN_LIMITS.freeFailures; i++) {
      expect(throttle.waitMs(attempt())).toBe(0);
      throttle.recordFailure(attempt());
    }
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const wait = throttle.waitMs(attempt());
      waits.push(wait);
      clock.now += wait;
      expect(throttle.waitMs(attempt())).toBe(0);
      throttle.recordFailure(attempt());
    }
    const minute = 60_000;
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60].map((m) => m * minute));
  });

  it('holds back only that client for that account: the owner elsewhere and that client elsewhere go ahead', () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 10; i++) throttle.recordFailure(attempt({ ip: '203.0.113.9' }));
    expect(throttle.waitMs(attempt({ ip: '203.0.113.9' }))).toBeGreaterThan(0);
    expect(throttle.waitMs(attempt({ ip: '198.51.100.1' }))).toBe(0);
    expect(throttle.waitMs(attempt({ ip: '203.0.113.9', email: 'other@example.test' }))).toBe(0);
  });

  it("clears a client's back-off for an account at its successful sign-in", () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < SIGN_IN_LIMITS.freeFailures; i++) throttle.recordFailure(attempt());
    expect(throttle.waitMs(attempt())).toBeGreaterThan(0);
    throttle.recordSuccess(attempt());
    expect(throttle.waitMs(attempt())).toBe(0);
  });

  it("caps one client's failures across accounts within the window", () => {
    const { clock, throttle } = throttleAt();
    for (let i = 0; i < SIGN_IN_LIMITS.perClient.max; i++)
      throttle.recordFailure(attempt({ email: `someone${i}@example.test` }));
    expect(throttle.waitMs(attempt({ email: 'fresh@example.test' }))).toBeGreaterThan(0);
    expect(throttle.waitMs(attempt({ ip: '10.0.0.2', email: 'fresh@example.test' }))).toBe(0);
    clock.now += SIGN_IN_LIMITS.perClient.windowMs;
    expect(throttle.waitMs(attempt({ email: 'fresh@example.test' }))).toBe(0);
  });

  it('caps failures for one account across clients, except for a device that signed in to it before', () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount.max; i++)
      throttle.recordFailure(attempt({ ip: `10.9.${i >> 8}.${i & 255}` }));
    expect(throttle.waitMs(attempt({ ip: '192.0.2.1' }))).toBeGreaterThan(0);
    expect(throttle.waitMs(attempt({ ip: '192.0.2.1', knownDevice: true }))).toBe(0);
  });
});
