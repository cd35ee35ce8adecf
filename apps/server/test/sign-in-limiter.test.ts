import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_LIMITS, type SignInAttempt, SignInThrottle } from '../src/auth/sign-in-limiter.ts';
import { RateLimits } from '../src/rate-limits/rate-limits.ts';
import { createTestDatabase, type TestDatabase } from './helpers.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

/** A throttle on a clock the test moves; each test its own addresses' counts (a fresh start time). */
let starts = 0;
function throttleAt() {
  const clock = { now: 1_000_000_000_000 + ++starts * 10 * 24 * 60 * 60 * 1000 };
  return { clock, throttle: new SignInThrottle(new RateLimits(t.database.db, () => clock.now)) };
}

const attempt = (over: Partial<SignInAttempt> = {}): SignInAttempt => ({
  ip: '10.0.0.1',
  email: 'owner@example.test',
  knownDevice: false,
  ...over,
});

describe('sign-in throttle (issue 16, item 2)', () => {
  it('lets a client fail a few times, then doubles its wait at each further failure, up to a ceiling', async () => {
    const { clock, throttle } = throttleAt();
    for (let i = 0; i < SIGN_IN_LIMITS.freeFailures; i++) {
      expect(await throttle.waitMs(attempt())).toBe(0);
      await throttle.recordFailure(attempt());
    }
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const wait = await throttle.waitMs(attempt());
      waits.push(wait);
      clock.now += wait;
      expect(await throttle.waitMs(attempt())).toBe(0);
      await throttle.recordFailure(attempt());
    }
    const minute = 60_000;
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60].map((m) => m * minute));
  });

  it('holds back only that client for that account: the owner elsewhere and that client elsewhere go ahead', async () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 10; i++) await throttle.recordFailure(attempt({ ip: '203.0.113.9' }));
    expect(await throttle.waitMs(attempt({ ip: '203.0.113.9' }))).toBeGreaterThan(0);
    expect(await throttle.waitMs(attempt({ ip: '198.51.100.1' }))).toBe(0);
    expect(await throttle.waitMs(attempt({ ip: '203.0.113.9', email: 'other@example.test' }))).toBe(0);
  });

  it("clears a client's back-off for an account at its successful sign-in", async () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < SIGN_IN_LIMITS.freeFailures; i++) await throttle.recordFailure(attempt());
    expect(await throttle.waitMs(attempt())).toBeGreaterThan(0);
    await throttle.recordSuccess(attempt());
    expect(await throttle.waitMs(attempt())).toBe(0);
  });

  it("caps one client's failures across accounts within the window", async () => {
    const { clock, throttle } = throttleAt();
    for (let i = 0; i < SIGN_IN_LIMITS.perClient.max; i++)
      await throttle.recordFailure(attempt({ email: `someone${i}@example.test` }));
    expect(await throttle.waitMs(attempt({ email: 'fresh@example.test' }))).toBeGreaterThan(0);
    expect(await throttle.waitMs(attempt({ ip: '10.0.0.2', email: 'fresh@example.test' }))).toBe(0);
    clock.now += SIGN_IN_LIMITS.perClient.windowMs;
    expect(await throttle.waitMs(attempt({ email: 'fresh@example.test' }))).toBe(0);
  });

  it('caps failures for one account across clients, except for a device that signed in to it before', async () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount.max; i++)
      await throttle.recordFailure(attempt({ ip: `10.9.${i >> 8}.${i & 255}` }));
    expect(await throttle.waitMs(attempt({ ip: '192.0.2.1' }))).toBeGreaterThan(0);
    expect(await throttle.waitMs(attempt({ ip: '192.0.2.1', knownDevice: true }))).toBe(0);
  });
});

describe('rate limits shared by every instance (issue 21, item 1)', () => {
  const limit = { max: 5, windowMs: 60_000 };

  it('lets no more than the limit through however many instances take at once', async () => {
    const clock = { now: Date.UTC(2030, 0, 1) };
    const instances = [1, 2, 3].map(() => new RateLimits(t.database.db, () => clock.now));
    const hits = await Promise.all(
      Array.from({ length: 30 }, (_, i) => instances[i % 3]!.take('shared:burst', limit)),
    );
    expect(hits.filter((hit) => hit.taken)).toHaveLength(limit.max);
    const refused = hits.find((hit) => !hit.taken)!;
    expect(refused.waitMs).toBe(limit.windowMs);
    // The refused were not counted: once the window has passed, the key starts afresh.
    clock.now += limit.windowMs;
    expect(await instances[0]!.take('shared:burst', limit)).toMatchObject({
      taken: true,
      recent: [clock.now],
    });
  });

  it('slides: a key may go again as soon as its oldest counted hit leaves the window', async () => {
    const clock = { now: Date.UTC(2030, 1, 1) };
    const limits = new RateLimits(t.database.db, () => clock.now);
    for (let i = 0; i < limit.max; i++) {
      expect((await limits.take('shared:slide', limit)).taken).toBe(true);
      clock.now += 10_000;
    }
    expect(await limits.take('shared:slide', limit)).toMatchObject({ taken: false, waitMs: 10_000 });
    clock.now += 10_000;
    expect((await limits.take('shared:slide', limit)).taken).toBe(true);
    expect((await limits.recent('shared:slide', limit)).recent).toHaveLength(limit.max);
  });

  it('records a failure over the limit too, keeping the last ones, so the wait runs from the latest', async () => {
    const clock = { now: Date.UTC(2030, 2, 1) };
    const limits = new RateLimits(t.database.db, () => clock.now);
    for (let i = 0; i < limit.max + 3; i++) {
      await limits.record('shared:failures', limit);
      clock.now += 1_000;
    }
    const { recent, waitMs } = await limits.recent('shared:failures', limit);
    expect(recent).toHaveLength(limit.max);
    expect(recent.at(-1)).toBe(clock.now - 1_000);
    expect(waitMs).toBe(limit.windowMs - limit.max * 1_000);
  });
});
