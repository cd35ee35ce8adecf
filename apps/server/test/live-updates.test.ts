/**
 * The live-updates streams' limits (issue 44, item 6), over real sockets: a client address and an
 * instance hold a bounded number of streams (503 with Retry-After past either), and a stream ends
 * with the session it was opened with: at a sign-out, a revocation, the user's deletion, here or on
 * another instance, and at the periodic check when the session went without an event.
 */
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { sessions } from '../src/db/schema.ts';
import type { DomainEvents, EventName } from '../src/events/index.ts';
import { it as base } from './fixtures.ts';
import {
  as,
  openStream,
  signInAgain,
  signUpUser,
  TEST_PASSWORD,
  type TestApp,
  type TestUser,
} from './helpers.ts';

const origin = { origin: 'http://localhost:3000' };

/** The user's stream, from `client` (told to the server by its trusted proxy). */
const streamOf = (address: string, user: TestUser, client = '198.51.100.1') =>
  openStream(address, user, { 'x-forwarded-for': client });

/** Tells every stream of the user that their notifications changed, as a read in another tab does. */
async function notify(t: TestApp, user: TestUser) {
  expect(
    (await as(t, user, { method: 'POST', url: '/api/notifications/read', payload: {} })).statusCode,
  ).toBe(200);
}

/** An event another instance published, as its NOTIFY arrives here. */
function fromAnotherInstance<N extends EventName>(t: TestApp, name: N, payload: DomainEvents[N]) {
  t.context.database.events.receive(JSON.stringify({ origin: 'another-instance', name, payload }));
}

/** Every line the app of this file logs, as in production. */
const logLines: string[] = [];

/** The app listening on loopback: `address`, where the streams open. */
const listening = (env: Record<string, string>) =>
  base
    .extend('env', { scope: 'file' }, { LOG_LEVEL: 'info', ...env })
    .extend('appOptions', { scope: 'file' }, { logTo: { write: (line: string) => logLines.push(line) } })
    .extend('address', { scope: 'file' }, ({ t }) => t.app.listen({ port: 0, host: '127.0.0.1' }));

// The instance trusts its proxy on loopback, so each stream can come from an address of its own.
const it = listening({ TRUST_PROXY: '127.0.0.1', LIVE_STREAMS_MAX: '8' });

describe('live-updates streams', () => {
  it('refuses a client past its streams (however many accounts it uses) and the instance past its own, with 503 and Retry-After', async ({
    t,
    address,
  }) => {
    // One client, 6 streams (the default) over two throw-away accounts: the 7th is refused.
    const accounts = [await signUpUser(t, 'Buyer'), await signUpUser(t, 'Buyer')];
    const fromOne = [];
    for (let i = 0; i < 6; i += 1) fromOne.push(await streamOf(address, accounts[i % 2]!, '198.51.100.1'));
    expect(fromOne.map((stream) => stream.res.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const seventh = await streamOf(address, accounts[0]!, '198.51.100.1');
    expect(seventh.res.status).toBe(503);
    expect(Number(seventh.res.headers.get('retry-after'))).toBeGreaterThan(0);
    const refusal = JSON.parse(await seventh.ended()) as { error: { code: string; message: string } };
    expect(refusal.error.code).toBe('service_unavailable');
    expect(refusal.error.message).toMatch(/Too many live updates are open from this address/);

    // Other clients still open theirs, up to the instance's 8 in all; the 9th is refused.
    const other = await signUpUser(t, 'Seller');
    const second = [
      await streamOf(address, other, '198.51.100.2'),
      await streamOf(address, other, '198.51.100.3'),
    ];
    expect(second.map((stream) => stream.res.status)).toEqual([200, 200]);
    const ninth = await streamOf(address, other, '198.51.100.4');
    expect(ninth.res.status).toBe(503);
    expect(Number(ninth.res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((JSON.parse(await ninth.ended()) as { error: { message: string } }).error.message).toMatch(/busy/);

    // A closed stream frees its place, for its client and the instance.
    await fromOne[0]!.close();
    await expect
      .poll(async () => {
        const again = await streamOf(address, other, '198.51.100.4');
        if (again.res.status === 200) await again.close();
        else await again.ended();
        return again.res.status;
      })
      .toBe(200);
    for (const stream of [...fromOne.slice(1), ...second]) await stream.close();
  });

  it('holds a client to its streams when it opens many at once', async ({ t, address }) => {
    const user = await signUpUser(t, 'Buyer');
    const openMany = async () => {
      const opened = await Promise.all(
        Array.from({ length: 8 }, () => streamOf(address, user, '198.51.100.30')),
      );
      for (const stream of opened) await (stream.res.status === 200 ? stream.close() : stream.ended());
      const open = opened.filter((stream) => stream.res.status === 200).length;
      // Never more than the client's 6, whatever the instance still holds of earlier tests.
      expect(open).toBeLessThanOrEqual(6);
      return open;
    };
    await expect.poll(openMany).toBe(6);
  });

  it("answers a stream with every answer's headers, kept private, and logs its end as any request's", async ({
    t,
    address,
  }) => {
    const user = await signUpUser(t, 'Buyer');
    const left = await streamOf(address, user, '198.51.100.20');
    expect(left.res.status).toBe(200);
    const headers = Object.fromEntries(left.res.headers);
    expect(headers).toMatchObject({
      'content-type': expect.stringMatching(/^text\/event-stream/),
      'cache-control': 'private, no-store',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      'content-security-policy': expect.stringContaining("default-src 'self'"),
    });
    expect(headers['x-request-id']).toBeTruthy();
    await left.until(0);

    /** The log's line about the request that `id` names, once written. */
    const logged = (id: string | null) =>
      expect.poll(() =>
        logLines
          .map((line) => JSON.parse(line) as { msg: string; reqId?: string })
          .find((line) => line.reqId === id && line.msg !== 'incoming request'),
      );
    // The browser went: the stream could not be finished.
    await left.close();
    await logged(left.res.headers.get('x-request-id')).toMatchObject({
      msg: 'stream closed prematurely',
      res: { statusCode: 200 },
    });
    // The server ended it (its session signed out): a request completed.
    const ended = await streamOf(address, user, '198.51.100.20');
    await as(t, user, { method: 'POST', url: '/api/auth/sign-out', headers: origin });
    await ended.ended();
    await logged(ended.res.headers.get('x-request-id')).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/notifications/stream' },
      res: { statusCode: 200 },
    });
  });

  it('forgets the streams whose browsers went away: the instance and its clients hold as many again', async ({
    t,
    address,
  }) => {
    const user = await signUpUser(t, 'Buyer');
    // The instance's 8, from two clients (4 each, under their 6).
    const openEight = async () => {
      const streams = [];
      for (let i = 0; i < 8; i += 1)
        streams.push(await streamOf(address, user, `198.51.100.${10 + (i % 2)}`));
      return streams;
    };
    const first = await openEight();
    expect(first.map((stream) => stream.res.status)).toEqual(Array(8).fill(200));
    for (const stream of first) await stream.close();

    await expect
      .poll(async () => {
        const again = await openEight();
        for (const stream of again) await (stream.res.status === 200 ? stream.close() : stream.ended());
        return again.map((stream) => stream.res.status);
      })
      .toEqual(Array(8).fill(200));
  });

  it('ends a stream when its session signs out, and not the same user’s stream of another session', async ({
    t,
    address,
  }) => {
    const user = await signUpUser(t, 'Buyer');
    const elsewhere = await signInAgain(t, user);
    const leaving = await streamOf(address, user);
    const staying = await streamOf(address, elsewhere);
    expect([leaving.res.status, staying.res.status]).toEqual([200, 200]);

    const out = await as(t, user, { method: 'POST', url: '/api/auth/sign-out', headers: origin });
    expect(out.statusCode).toBe(200);
    // The stream closes without a word of what follows.
    await notify(t, elsewhere);
    expect(await leaving.ended()).not.toMatch(/event: notifications/);
    expect(await staying.until(1)).toMatch(/event: notifications/);
    await staying.close();
  });

  it('ends the streams of the sessions a password change revokes, and of a deleted user', async ({
    t,
    address,
    admin,
  }) => {
    const user = await signUpUser(t, 'Seller');
    const other = await signInAgain(t, user);
    const revoked = await streamOf(address, other);
    const kept = await streamOf(address, user);
    const change = await as(t, user, {
      method: 'POST',
      url: '/api/auth/change-password',
      headers: origin,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'another-horse-8', revokeOtherSessions: true },
    });
    expect(change.statusCode).toBe(200);
    await revoked.ended();

    const deleted = await as(t, admin, {
      method: 'DELETE',
      url: `/api/users/${encodeURIComponent(user.email)}`,
    });
    expect(deleted.statusCode).toBe(200);
    await kept.ended();
  });

  it('ends a stream when another instance says its session ended', async ({ t, address }) => {
    const user = await signUpUser(t, 'Buyer');
    const stream = await streamOf(address, user);
    const [session] = await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    fromAnotherInstance(t, 'session.ended', { userId: user.id, sessionId: session!.id });
    await stream.ended();
  });
});

/** An app of its own, with the instance's cap at its default, past a user's 8 streams. */
const defaultCap = listening({ TRUST_PROXY: '127.0.0.1' });

describe("a user's streams on an instance", () => {
  defaultCap(
    'a 9th stream of a user ends the oldest, which says no more; the others stay',
    async ({ t, address }) => {
      const user = await signUpUser(t, 'Buyer');
      const streams = [];
      // From three clients, under their 6 each.
      for (let i = 0; i < 9; i += 1)
        streams.push(await streamOf(address, user, `198.51.100.${20 + (i % 3)}`));
      expect(streams.map((stream) => stream.res.status)).toEqual(Array(9).fill(200));
      expect(await streams[0]!.ended()).toBe('retry: 5000\n\n');
      await notify(t, user);
      for (const stream of streams.slice(1)) {
        expect(await stream.until(1)).toMatch(/event: notifications\ndata: changed\n\n$/);
        await stream.close();
      }
    },
  );
});

/** An app of its own, whose check of the streams' sessions comes every second. */
const checkingEverySecond = listening({ TRUST_PROXY: '127.0.0.1', LIVE_SESSION_CHECK_SECONDS: '1' });

describe('the periodic check of the streams’ sessions', () => {
  checkingEverySecond(
    'ends a stream whose session was deleted in the database without any event',
    async ({ t, address }) => {
      const gone = await signUpUser(t, 'Buyer');
      const still = await signUpUser(t, 'Buyer');
      const ending = await streamOf(address, gone);
      const staying = await streamOf(address, still);
      await t.db.delete(sessions).where(eq(sessions.userId, gone.id));
      await ending.ended();
      // The check keeps the streams of sessions that still sign someone in.
      await notify(t, still);
      expect(await staying.until(1)).toMatch(/event: notifications/);
      await staying.close();
    },
  );
});
