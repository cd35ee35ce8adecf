/**
 * Domain events (src/events): subscribers run after the transaction that published commits, never
 * for one that rolled back; payloads are typed by event name; on PostgreSQL a change made through one
 * instance reaches every other instance, whose catalogue and session caches empty at once.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, expectTypeOf } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { photos } from '../src/db/schema.ts';
import {
  type DomainEvents,
  type EventBus,
  type EventName,
  oncePerTransaction,
  publish,
  sharedRead,
} from '../src/events/index.ts';
import { promoteAdmins } from '../src/modules/users/index.ts';
import { advertise, carInput, createCar, ensureCategory } from './factories.ts';
import { it } from './fixtures.ts';
import { as, renameUser, signUpUser, type TestApp, type TestUser, whoAmI } from './helpers.ts';

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
  it('a subscriber runs once the transaction commits, with the published payload', async ({ t }) => {
    const { seen, stop } = record(t.context.database.events, 'car.updated');
    const carId = randomUUID();
    await t.db.transaction(async (tx) => {
      await publish(tx, 'car.updated', { carId });
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([{ carId }]);
    stop();
  });

  it('never runs for a rolled-back transaction', async ({ t }) => {
    const { seen, stop } = record(t.context.database.events, 'car.updated');
    await expect(
      t.db.transaction(async (tx) => {
        await publish(tx, 'car.updated', { carId: randomUUID() });
        throw new Error('the rest of the change failed');
      }),
    ).rejects.toThrow('the rest of the change failed');
    expect(seen).toEqual([]);
    stop();
  });

  it('refuses a payload too large for a NOTIFY, and the change rolls back with it', async ({ t }) => {
    await expect(
      t.db.transaction((tx) => publish(tx, 'car.updated', { carId: 'x'.repeat(8_000) })),
    ).rejects.toThrow(/too large/);
  });

  it("lets the reactions to one fact share a read, and reads afresh after a reaction's own fact", async ({
    t,
  }) => {
    const { events } = t.context.database;
    let reads = 0;
    const read = (tx: object) => sharedRead(tx, 'the-read', async () => ++reads);
    const seen: number[] = [];
    const stops = [
      events.react('car.advertised', async (tx) => {
        seen.push(await read(tx));
      }),
      events.react('car.advertised', async (tx) => {
        seen.push(await read(tx));
        // A fact of its own, whose reaction reads too.
        await publish(tx, 'category.added', { categoryId: 'nested' });
      }),
      events.react('category.added', async (tx) => {
        seen.push(await read(tx));
      }),
      events.react('car.advertised', async (tx) => {
        seen.push(await read(tx));
      }),
    ];
    await t.db.transaction(async (tx) => {
      await publish(tx, 'car.advertised', { carId: randomUUID(), advertisementId: randomUUID() });
      // Outside the reactions, every call reads.
      seen.push(await read(tx), await read(tx));
    });
    expect(seen).toEqual([1, 1, 2, 3, 4, 5]);
    for (const stop of stops) stop();
  });

  it('does once a transaction what its writes ask for once; the next transaction and the handle itself do it again', async ({
    t,
  }) => {
    let runs = 0;
    const once = (executor: object, key = 'the-work') =>
      oncePerTransaction(executor, key, async () => ++runs);
    const inFirst = await t.db.transaction(async (tx) => [
      await once(tx),
      await once(tx),
      await once(tx, 'other'),
    ]);
    expect(inFirst).toEqual([1, 1, 2]);
    // Asked at once in one transaction, it is done once.
    expect(await t.db.transaction((tx) => Promise.all([once(tx, 'at-once'), once(tx, 'at-once')]))).toEqual([
      3, 3,
    ]);
    expect(await t.db.transaction(async (tx) => [await once(tx), await once(tx)])).toEqual([4, 4]);
    // Outside a transaction nothing holds between two calls: each does the work.
    expect([await once(t.db), await once(t.db)]).toEqual([5, 6]);
  });

  it('carries the changes Better Auth makes: a sign-up and a rename', async ({ t }) => {
    const events = t.context.database.events;
    const signedUp = nextEvent(events, 'user.changed', ({ change }) => change === 'signed-up');
    const user = await signUpUser(t, 'Seller', { name: 'Ada Before' });
    expect(await signedUp).toEqual({ userId: user.id, change: 'signed-up' });

    const renamed = nextEvent(events, 'user.changed', ({ userId }) => userId === user.id);
    const res = await renameUser(t, user, 'Ada After');
    expect(res.statusCode).toBe(200);
    expect(await renamed).toEqual({ userId: user.id, change: 'updated' });
  });

  it('types each payload by its event name', ({ t }) => {
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
      t.context.database.events.subscribe('car.deleted', ({ sellerId }) => sellerId);
    };
    expect(misuses).toBeTypeOf('function');
  });
});

/** Two apps on one PostgreSQL database, as two instances behind a load balancer: `t` is A, `b` is B. */
const twoInstances = it.extend('b', { scope: 'file' }, async ({ t }, { onCleanup }): Promise<TestApp> => {
  const database = await openDatabase({ databaseUrl: t.context.config.DATABASE_URL });
  const { app, context } = await buildApp(t.context.config, database);
  await app.ready();
  const close = async () => {
    await app.close();
    await database.close();
  };
  onCleanup(close);
  return { app, context, db: database.db, dataDir: t.dataDir, close };
});

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  twoInstances.beforeAll(({ t }) => ensureCategory(t, 'super-car'));

  const categoryPage = (instance: TestApp, user: TestUser, headers: Record<string, string> = {}) =>
    as(instance, user, { method: 'GET', url: '/api/cars/super-car?limit=50', headers });

  twoInstances(
    "a car posted through A shows at once in B's cached category page",
    async ({ t, b, seller, buyer }) => {
      const cached = await categoryPage(b, buyer);
      expect(cached.statusCode).toBe(200);
      const etag = cached.headers.etag as string;
      expect((await categoryPage(b, buyer, { 'if-none-match': etag })).statusCode).toBe(304);

      const key = `events-test-${randomUUID()}`;
      await t.db.insert(photos).values({ key, uploaderId: seller.id, width: 1600, height: 1200 });
      const reachedB = nextEvent(b.context.database.events, 'car.posted');
      const posted = await as(t, seller, { method: 'POST', url: '/api/cars', payload: carInput([key]) });
      expect(posted.statusCode).toBe(201);
      expect(await reachedB).toEqual({ carId: posted.json().id, sellerId: seller.id });

      const after = await categoryPage(b, buyer, { 'if-none-match': etag });
      expect(after.statusCode).toBe(200);
      expect(after.json().items[0].id).toBe(posted.json().id);
    },
  );

  twoInstances(
    'B hears nothing of a rolled-back transaction of A, and its own facts once',
    async ({ t, b }) => {
      const { seen, stop } = record(b.context.database.events, 'car.updated');
      const [rolledBack, ownFact, marker] = [randomUUID(), randomUUID(), randomUUID()];
      await expect(
        t.db.transaction(async (tx) => {
          await publish(tx, 'car.updated', { carId: rolledBack });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await b.db.transaction((tx) => publish(tx, 'car.updated', { carId: ownFact }));
      // PostgreSQL delivers notifications in commit order: once A's marker is in, anything sent before it is too.
      const markerReachedB = nextEvent(
        b.context.database.events,
        'car.updated',
        ({ carId }) => carId === marker,
      );
      await t.db.transaction((tx) => publish(tx, 'car.updated', { carId: marker }));
      await markerReachedB;
      expect(seen).toEqual([{ carId: ownFact }, { carId: marker }]);
      stop();
    },
  );

  twoInstances(
    'B hears every fact of one transaction of A, in the order A published them',
    async ({ t, b }) => {
      const { seen, stop } = record(b.context.database.events, 'car.updated');
      // Ids that an array literal would have to quote and escape.
      const ids = ['a "quoted" id', 'a, {braced} one', String.raw`a back\slash`, randomUUID()];
      const lastReachedB = nextEvent(
        b.context.database.events,
        'car.updated',
        ({ carId }) => carId === ids[3],
      );
      await t.db.transaction(async (tx) => {
        for (const carId of ids) await publish(tx, 'car.updated', { carId });
      });
      await lastReachedB;
      expect(seen).toEqual(ids.map((carId) => ({ carId })));
      stop();
    },
  );

  twoInstances(
    'a user deleted through A is refused on B at once, though B had their session cached',
    async ({ t, b, admin }) => {
      const banned = await signUpUser(t, 'Buyer');
      expect((await whoAmI(b, banned))?.id).toBe(banned.id);
      const reachedB = nextEvent(
        b.context.database.events,
        'user.changed',
        ({ userId }) => userId === banned.id,
      );
      const res = await as(t, admin, { method: 'DELETE', url: `/api/users/${banned.email}` });
      expect(res.json()).toEqual({ deletedCount: 1 });
      await reachedB;
      expect(await whoAmI(b, banned)).toBeNull();
      expect((await as(b, banned, { method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    },
  );

  twoInstances(
    "a role change made through A shows on B at once: B's cached Buyer becomes an Admin",
    async ({ t, b }) => {
      const user = await signUpUser(t, 'Buyer');
      expect((await as(b, user, { method: 'GET', url: '/api/payments' })).statusCode).toBe(403);
      const reachedB = nextEvent(
        b.context.database.events,
        'user.changed',
        ({ userId }) => userId === user.id,
      );
      await promoteAdmins(t.context, [user.email], t.app.log);
      expect(await reachedB).toEqual({ userId: user.id, change: 'role-changed' });
      expect((await as(b, user, { method: 'GET', url: '/api/payments' })).statusCode).toBe(200);
    },
  );

  twoInstances('a sign-out on A ends the session on B at once', async ({ t, b }) => {
    const user = await signUpUser(t, 'Buyer');
    expect((await whoAmI(b, user))?.id).toBe(user.id);
    const reachedB = nextEvent(
      b.context.database.events,
      'session.ended',
      ({ userId }) => userId === user.id,
    );
    const out = await as(t, user, {
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(out.statusCode).toBe(200);
    await reachedB;
    expect(await whoAmI(b, user)).toBeNull();
  });

  twoInstances(
    'after its listener connection drops and comes back, B empties its cache',
    async ({ t, b, seller }) => {
      const car = await createCar(t, seller);
      const before = await as(b, undefined, { method: 'GET', url: '/api/advertise?limit=50' });
      expect(before.json().items.map((c: { id: string }) => c.id)).not.toContain(car.id);
      await advertise(t, car.id); // straight into the database: no event announces it
      const stillCached = await as(b, undefined, { method: 'GET', url: '/api/advertise?limit=50' });
      expect(stillCached.headers.etag).toBe(before.headers.etag);

      const missed = new Promise<void>((resolve) => {
        const stop = b.context.database.events.onMissedEvents(() => {
          stop();
          resolve();
        });
      });
      await t.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query = 'listen redline_events'`);
      await missed;

      const after = await as(b, undefined, { method: 'GET', url: '/api/advertise?limit=50' });
      expect(after.json().items.map((c: { id: string }) => c.id)).toContain(car.id);
      // And B hears A again.
      const heard = nextEvent(b.context.database.events, 'car.sold', ({ carId }) => carId === car.id);
      await as(t, seller, { method: 'PATCH', url: `/api/cars/${car.id}`, payload: { sold: true } });
      expect(await heard).toEqual({ carId: car.id });
    },
  );
});
