/**
 * Domain events (src/events): subscribers run after the transaction that published commits, never
 * for one that rolled back; payloads are typed by event name; on PostgreSQL a change made through one
 * instance reaches every other instance, whose catalogue and session caches empty at once.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { photos } from '../src/db/schema.ts';
import { type DomainEvents, type EventBus, type EventName, publish } from '../src/events/index.ts';
import { promoteAdmins } from '../src/modules/users/index.ts';
import { advertise, carInput, createCar, ensureCategory } from './factories.ts';
import { as, createTestApp, renameUser, signUpUser, type TestApp, type TestUser, whoAmI } from './helpers.ts';

/** What `bus` delivers of `name`, in order. */
function record<N extends EventName>(bus: EventBus, name: N) {
  const seen: DomainEvents[N][] = [];
  const stop = bus.subscribe(name, (payload) => {
    seen.push(payload);
  });
  return { seen, stop };
}

/** The next delivery of `name` on `bus` that `match` accepts. */
function nextEvent<N extends EventName>(
  bus: EventBus,
  name: N,
  match: (payload: DomainEvents[N]) => boolean = () => true,
) {
  return new Promise<DomainEvents[N]>((resolve) => {
    const stop = bus.subscribe(name, (payload) => {
      if (!match(payload)) return;
      stop();
      resolve(payload);
    });
  });
}

describe('events after commit', () => {
  let t: TestApp;
  let events: EventBus;
  beforeAll(async () => {
    t = await createTestApp();
    events = t.context.database.events;
  });
  afterAll(() => t.close());

  it('a subscriber runs once the transaction commits, with the published payload', async () => {
    const { seen, stop } = record(events, 'car.updated');
    const carId = randomUUID();
    await t.db.transaction(async (tx) => {
      await publish(tx, 'car.updated', { carId });
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([{ carId }]);
    stop();
  });

  it('never runs for a rolled-back transaction', async () => {
    const { seen, stop } = record(events, 'car.updated');
    await expect(
      t.db.transaction(async (tx) => {
        await publish(tx, 'car.updated', { carId: randomUUID() });
        throw new Error('the rest of the change failed');
      }),
    ).rejects.toThrow('the rest of the change failed');
    expect(seen).toEqual([]);
    stop();
  });

  it('refuses a payload too large for a NOTIFY, and the change rolls back with it', async () => {
    await expect(
      t.db.transaction((tx) => publish(tx, 'car.updated', { carId: 'x'.repeat(8_000) })),
    ).rejects.toThrow(/too large/);
  });

  it('carries the changes Better Auth makes: a sign-up and a rename', async () => {
    const signedUp = nextEvent(events, 'user.changed', ({ change }) => change === 'signed-up');
    const user = await signUpUser(t, 'Seller', { name: 'Ada Before' });
    expect(await signedUp).toEqual({ userId: user.id, change: 'signed-up' });

    const renamed = nextEvent(events, 'user.changed', ({ userId }) => userId === user.id);
    const res = await renameUser(t, user, 'Ada After');
    expect(res.statusCode).toBe(200);
    expect(await renamed).toEqual({ userId: user.id, change: 'updated' });
  });

  it('types each payload by its event name', () => {
    expectTypeOf<Parameters<typeof publish<'car.posted'>>[2]>().toEqualTypeOf<{
      carId: string;
      sellerId: string;
    }>();
    // Never called: these lines only have to fail to compile (tsc -b checks the tests).
    const misuses = async () => {
      await t.db.transaction(async (tx) => {
        // @ts-expect-error: car.posted names its seller
        await publish(tx, 'car.posted', { carId: 'c' });
        // @ts-expect-error: there is no such event
        await publish(tx, 'car.stolen', { carId: 'c' });
      });
      // @ts-expect-error: a car.deleted payload has no sellerId
      events.subscribe('car.deleted', ({ sellerId }) => sellerId);
    };
    expect(misuses).toBeTypeOf('function');
  });
});

/** Two apps on one PostgreSQL database, as two instances behind a load balancer. */
describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let databaseB: Database;
  let seller: TestUser;
  let buyer: TestUser;

  beforeAll(async () => {
    a = await createTestApp();
    databaseB = await openDatabase({ databaseUrl: a.context.config.DATABASE_URL });
    const built = await buildApp(a.context.config, databaseB);
    await built.app.ready();
    b = { ...built, db: databaseB.db, dataDir: a.dataDir, close: () => built.app.close() };
    seller = await signUpUser(a, 'Seller');
    buyer = await signUpUser(a, 'Buyer');
    await ensureCategory(a, 'super-car');
  });
  afterAll(async () => {
    await b.close();
    await databaseB.close();
    await a.close();
  });

  const categoryPage = (instance: TestApp, headers: Record<string, string> = {}, user = buyer) =>
    as(instance, user, { method: 'GET', url: '/api/cars/super-car?limit=50', headers });

  it("a car posted through A shows at once in B's cached category page", async () => {
    const cached = await categoryPage(b);
    expect(cached.statusCode).toBe(200);
    const etag = cached.headers.etag as string;
    expect((await categoryPage(b, { 'if-none-match': etag })).statusCode).toBe(304);

    const key = `events-test-${randomUUID()}`;
    await a.db.insert(photos).values({ key, uploaderId: seller.id, width: 1600, height: 1200 });
    const reachedB = nextEvent(databaseB.events, 'car.posted');
    const posted = await as(a, seller, { method: 'POST', url: '/api/cars', payload: carInput([key]) });
    expect(posted.statusCode).toBe(201);
    expect(await reachedB).toEqual({ carId: posted.json().id, sellerId: seller.id });

    const after = await categoryPage(b, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json().items[0].id).toBe(posted.json().id);
  });

  it('B hears nothing of a rolled-back transaction of A, and its own facts once', async () => {
    const { seen, stop } = record(databaseB.events, 'car.updated');
    const [rolledBack, ownFact, marker] = [randomUUID(), randomUUID(), randomUUID()];
    await expect(
      a.db.transaction(async (tx) => {
        await publish(tx, 'car.updated', { carId: rolledBack });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await b.db.transaction((tx) => publish(tx, 'car.updated', { carId: ownFact }));
    // PostgreSQL delivers notifications in commit order: once A's marker is in, anything sent before it is too.
    const markerReachedB = nextEvent(databaseB.events, 'car.updated', ({ carId }) => carId === marker);
    await a.db.transaction((tx) => publish(tx, 'car.updated', { carId: marker }));
    await markerReachedB;
    expect(seen).toEqual([{ carId: ownFact }, { carId: marker }]);
    stop();
  });

  it('a user deleted through A is refused on B at once, though B had their session cached', async () => {
    const admin = await signUpUser(a, 'Admin');
    const banned = await signUpUser(a, 'Buyer');
    expect((await whoAmI(b, banned))?.id).toBe(banned.id);
    const reachedB = nextEvent(databaseB.events, 'user.changed', ({ userId }) => userId === banned.id);
    const res = await as(a, admin, { method: 'DELETE', url: `/api/users/${banned.email}` });
    expect(res.json()).toEqual({ deletedCount: 1 });
    await reachedB;
    expect(await whoAmI(b, banned)).toBeNull();
    expect((await categoryPage(b, {}, banned)).statusCode).toBe(401);
  });

  it("a role change made through A shows on B at once: B's cached Buyer becomes an Admin", async () => {
    const user = await signUpUser(a, 'Buyer');
    expect((await as(b, user, { method: 'GET', url: '/api/payments' })).statusCode).toBe(403);
    const reachedB = nextEvent(databaseB.events, 'user.changed', ({ userId }) => userId === user.id);
    await promoteAdmins(a.context, [user.email], a.app.log);
    expect(await reachedB).toEqual({ userId: user.id, change: 'role-changed' });
    expect((await as(b, user, { method: 'GET', url: '/api/payments' })).statusCode).toBe(200);
  });

  it('a sign-out on A ends the session on B at once', async () => {
    const user = await signUpUser(a, 'Buyer');
    expect((await whoAmI(b, user))?.id).toBe(user.id);
    const reachedB = nextEvent(databaseB.events, 'session.ended', ({ userId }) => userId === user.id);
    const out = await as(a, user, {
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(out.statusCode).toBe(200);
    await reachedB;
    expect(await whoAmI(b, user)).toBeNull();
  });

  it('after its listener connection drops and comes back, B empties its cache', async () => {
    const car = await createCar(a, seller);
    const before = await as(b, undefined, { method: 'GET', url: '/api/advertise?limit=50' });
    expect(before.json().items.map((c: { id: string }) => c.id)).not.toContain(car.id);
    await advertise(a, car.id); // straight into the database: no event announces it
    const stillCached = await as(b, undefined, { method: 'GET', url: '/api/advertise?limit=50' });
    expect(stillCached.headers.etag).toBe(before.headers.etag);

    const missed = new Promise<void>((resolve) => {
      const stop = databaseB.events.onMissedEvents(() => {
        stop();
        resolve();
      });
    });
    await a.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query = 'listen redline_events'`);
    await missed;

    const after = await as(b, undefined, { method: 'GET', url: '/api/advertise?limit=50' });
    expect(after.json().items.map((c: { id: string }) => c.id)).toContain(car.id);
    // And B hears A again.
    const heard = nextEvent(databaseB.events, 'car.sold', ({ carId }) => carId === car.id);
    await as(a, seller, { method: 'PATCH', url: `/api/cars/${car.id}`, payload: { sold: true } });
    expect(await heard).toEqual({ carId: car.id });
  });
});
