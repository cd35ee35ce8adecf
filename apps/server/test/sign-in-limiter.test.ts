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
  account: 'owner-digest',
  knownDevice: false,
  ...over,
});

/** An attempt whose password turns out wrong: it keeps the places it took. */
async function fail(throttle: SignInThrottle, tried: SignInAttempt = attempt()): Promise<void> {
  expect(await throttle.take(tried)).toHaveProperty('held');
}

/** How long an attempt would wait now (0: it may go), counting nothing. */
async function waitOf(throttle: SignInThrottle, tried: SignInAttempt = attempt()): Promise<number> {
  const taken = await throttle.take(tried);
  if ('waitMs' in taken) return taken.waitMs;
  await throttle.refund(taken.held);
  return 0;
}

describe('sign-in throttle (issue 16, item 2)', () => {
  it('lets a client fail a few times, then doubles its wait at each further failure, up to a ceiling', async () => {
    const { clock, throttle } = throttleAt();
    for (let i = 0; i < SIGN_IN_LIMITS.freeFailures; i++) await fail(throttle);
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const wait = await waitOf(throttle);
      waits.push(wait);
      clock.now += wait;
      await fail(throttle);
    }
    const minute = 60_000;
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60].map((m) => m * minute));
  });

  it('holds back only that client for that account: the owner elsewhere and that client elsewhere go ahead', async () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < SIGN_IN_LIMITS.freeFailures; i++)
      await fail(throttle, attempt({ ip: '203.0.113.9' }));
    expect(await waitOf(throttle, attempt({ ip: '203.0.113.9' }))).toBeGreaterThan(0);
    expect(await waitOf(throttle, attempt({ ip: '198.51.100.1' }))).toBe(0);
    expect(await waitOf(throttle, attempt({ ip: '203.0.113.9', account: 'other-digest' }))).toBe(0);
  });

  it("clears a client's back-off for an account at its successful sign-in, and counts no success", async () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < SIGN_IN_LIMITS.freeFailures - 1; i++) await fail(throttle);
    const right = await throttle.take(attempt());
    if (!('held' in right)) throw new Error('the fifth attempt was refused');
    await throttle.succeeded(right.held);
    for (let i = 0; i < SIGN_IN_LIMITS.freeFailures; i++) await fail(throttle);
    expect(await waitOf(throttle)).toBeGreaterThan(0);
  });

  it("caps one client's failures across accounts within the window", async () => {
    const { clock, throttle } = throttleAt();
    for (let i = 0; i < SIGN_IN_LIMITS.perClient.max; i++)
      await fail(throttle, attempt({ account: `someone${i}` }));
    expect(await waitOf(throttle, attempt({ account: 'fresh' }))).toBeGreaterThan(0);
    expect(await waitOf(throttle, attempt({ ip: '10.0.0.2', account: 'fresh' }))).toBe(0);
    clock.now += SIGN_IN_LIMITS.perClient.windowMs;
    expect(await waitOf(throttle, attempt({ account: 'fresh' }))).toBe(0);
  });

  it('caps failures for one account across clients, except for a device that signed in to it before', async () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount.max; i++)
      await fail(throttle, attempt({ ip: `10.9.${i >> 8}.${i & 255}` }));
    expect(await waitOf(throttle, attempt({ ip: '192.0.2.1' }))).toBeGreaterThan(0);
    expect(await waitOf(throttle, attempt({ ip: '192.0.2.1', knownDevice: true }))).toBe(0);
  });
});

describe('sign-in throttle under concurrency (issue 44, item 1)', () => {
  /** How many of `attempts`, all started at once, may have their password checked. */
  async function letThrough(throttle: SignInThrottle, attempts: SignInAttempt[]): Promise<number> {
    const taken = await Promise.all(attempts.map((tried) => throttle.take(tried)));
    return taken.filter((result) => 'held' in result).length;
  }

  it('lets exactly the free failures of a burst from one client at one account through', async () => {
    const { throttle } = throttleAt();
    const burst = Array.from({ length: 40 }, () => attempt());
    expect(await letThrough(throttle, burst)).toBe(SIGN_IN_LIMITS.freeFailures);
    expect(await waitOf(throttle)).toBe(SIGN_IN_LIMITS.firstDelayMs);
  });

  it("lets exactly a client's ceiling of a burst across accounts through", async () => {
    const { throttle } = throttleAt();
    const burst = Array.from({ length: 40 }, (_, i) => attempt({ account: `someone${i}` }));
    expect(await letThrough(throttle, burst)).toBe(SIGN_IN_LIMITS.perClient.max);
  });

  it("lets exactly an account's ceiling of a burst from many clients through", async () => {
    const { throttle } = throttleAt();
    const burst = Array.from({ length: 140 }, (_, i) => attempt({ ip: `10.8.${i >> 8}.${i & 255}` }));
    expect(await letThrough(throttle, burst)).toBe(SIGN_IN_LIMITS.perAccount.max);
  });

  it('gives back the places of an attempt refused by a later limit, so it costs the client nothing', async () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount.max; i++)
      await fail(throttle, attempt({ ip: `10.7.${i >> 8}.${i & 255}` }));
    // Refused by the account's ceiling, this client's attempts leave no failure behind.
    for (let i = 0; i < SIGN_IN_LIMITS.freeFailures + 2; i++)
      expect(await waitOf(throttle, attempt({ ip: '192.0.2.7' }))).toBeGreaterThan(0);
    expect(await waitOf(throttle, attempt({ ip: '192.0.2.7', knownDevice: true }))).toBe(0);
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
    const next = await limits.take('shared:slide', limit);
    expect(next.taken).toBe(true);
    expect(next.recent).toHaveLength(limit.max);
  });

  it('gives back one refunded hit, even among hits of the same millisecond (issue 44, item 1)', async () => {
    const clock = { now: Date.UTC(2030, 2, 1) };
    const limits = new RateLimits(t.database.db, () => clock.now);
    const hits = await Promise.all(
      Array.from({ length: limit.max }, () => limits.take('shared:refund', limit)),
    );
    await limits.refund('shared:refund', hits[0]!.at);
    expect(await limits.take('shared:refund', limit)).toMatchObject({ taken: true });
    expect(await limits.take('shared:refund', limit)).toMatchObject({ taken: false });
  });
});
