/**
 * The cars for sale as columns in memory (ADR 23), as a search's count reads them: loaded again in
 * the background when they are old, the old ones answering meanwhile; the kept sets carried over
 * and read again in the background when they are old; the changes announced while a load runs read
 * into the new columns; a failed load reported and tried again.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, vi } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { cars } from '../src/db/schema.ts';
import { publish } from '../src/events/index.ts';
import { CarColumns, type ColumnsView, hasBit, MAX_AGE_MS } from '../src/modules/search/car-columns.ts';
import { textSet } from '../src/modules/search/search-planner.ts';
import { typedTerm } from '../src/modules/search/search-terms.ts';
import { createCar, ensureCategory } from './factories.ts';
import { it } from './fixtures.ts';
import type { TestApp } from './helpers.ts';

it.beforeAll(async ({ t }) => {
  await ensureCategory(t);
});
afterEach(() => {
  vi.useRealTimers();
});

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * The database handle, whose plain statements (the columns' loads and re-reads) can be held once
 * they have read their rows, or made to fail.
 */
function controlledDb(t: TestApp) {
  const control = {
    hold: false,
    fail: false,
    /** Resolved when a held statement has read its rows. */
    reached: deferred(),
    release: deferred(),
  };
  const db = new Proxy(t.db, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver);
      return async (query: Parameters<Db['execute']>[0]) => {
        if (control.fail) throw new Error('the database went away');
        const result = await target.execute(query);
        if (control.hold) {
          control.reached.resolve();
          await control.release.promise;
        }
        return result;
      };
    },
  });
  return { db, control };
}

const seqOf = async (t: TestApp, id: string) =>
  (await t.db.select({ seq: cars.seq }).from(cars).where(eq(cars.id, id)))[0]!.seq;

/** Moves the clock `ms` later. */
const later = (ms: number) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
};

const word = textSet(typedTerm('quokka'));
const priceOf = (view: ColumnsView, seq: number) =>
  view.columns.live[seq] ? view.columns.price[seq] : undefined;

describe('the car columns', () => {
  it('answer from the old columns while they load again in the background, then from the new ones with every change', async ({
    t,
    seller,
  }) => {
    const { db, control } = controlledDb(t);
    const columns = new CarColumns(db);
    const unsubscribe = columns.follow(t.context.database.events);
    const [typed, announced, deleted, retold] = await Promise.all([
      createCar(t, seller, { askingPrice: 1_000_000, about: 'A quokka on the dashboard.' }),
      createCar(t, seller, { askingPrice: 2_000_000 }),
      createCar(t, seller, { askingPrice: 3_000_000, about: 'The quokka edition.' }),
      createCar(t, seller, { askingPrice: 4_000_000, about: 'Plain.' }),
    ]);
    const seq = {
      typed: await seqOf(t, typed.id),
      announced: await seqOf(t, announced.id),
      deleted: await seqOf(t, deleted.id),
      retold: await seqOf(t, retold.id),
      posted: -1,
    };
    expect(priceOf(await columns.view(), seq.typed)).toBe(1_000_000);
    // The word's cars read halfway through the columns' life.
    later(MAX_AGE_MS / 2);
    const first = await columns.view([word]);
    expect([seq.typed, seq.deleted].every((s) => first.sets[0]!.has(s))).toBe(true);

    // Typed by an operator: nothing announces it.
    await t.db.update(cars).set({ askingPrice: 1_100_000 }).where(eq(cars.id, typed.id));
    await t.db.update(cars).set({ about: 'A quokka, typed in.' }).where(eq(cars.id, retold.id));
    expect(priceOf(await columns.view([word]), seq.typed)).toBe(1_000_000);

    // The columns grow old, the set not yet.
    later(MAX_AGE_MS / 2 + 1_000);
    control.hold = true;
    // The load starts, and this count does not wait for it.
    const during = await columns.view([word]);
    expect(priceOf(during, seq.typed)).toBe(1_000_000);
    await control.reached.promise;
    control.hold = false;

    // Announced after the load read its rows, before it is in place.
    await t.db
      .update(cars)
      .set({ askingPrice: 2_200_000, about: 'Quokka seats.' })
      .where(eq(cars.id, announced.id));
    await publish(t.db, 'car.updated', { carId: announced.id });
    await t.db.delete(cars).where(eq(cars.id, deleted.id));
    await publish(t.db, 'car.deleted', { carId: deleted.id });
    const posted = await createCar(t, seller, { askingPrice: 5_000_000, about: 'Quokka yellow.' });
    await publish(t.db, 'car.posted', { carId: posted.id, sellerId: seller.id });
    seq.posted = await seqOf(t, posted.id);
    // The old columns show them already.
    const announcedOld = await columns.view([word]);
    expect(priceOf(announcedOld, seq.announced)).toBe(2_200_000);
    expect(priceOf(announcedOld, seq.typed)).toBe(1_000_000);

    control.release.resolve();
    await vi.waitFor(async () => expect(priceOf(await columns.view([word]), seq.typed)).toBe(1_100_000));
    const after = await columns.view([word]);
    expect(priceOf(after, seq.announced)).toBe(2_200_000);
    expect(priceOf(after, seq.deleted)).toBeUndefined();
    expect(priceOf(after, seq.posted)).toBe(5_000_000);
    // The set came over with the columns, kept current by what was announced; what an operator
    // typed into a car's text waits for the set's own age.
    const holding = (view: ColumnsView) =>
      Object.entries(seq)
        .filter(([, s]) => view.sets[0]!.has(s))
        .map(([name]) => name)
        .sort();
    expect(holding(after)).toEqual(['announced', 'posted', 'typed']);

    later(MAX_AGE_MS / 2);
    expect(holding(await columns.view([word]))).toEqual(['announced', 'posted', 'typed']);
    await vi.waitFor(async () =>
      expect(holding(await columns.view([word]))).toEqual(['announced', 'posted', 'retold', 'typed']),
    );
    for (const stop of unsubscribe) stop();
  });

  it('report a load that failed in the background and try again at the next count, answering meanwhile', async ({
    t,
    seller,
  }) => {
    const { db, control } = controlledDb(t);
    const failures: unknown[] = [];
    const columns = new CarColumns(db, (error) => failures.push(error));
    const car = await createCar(t, seller, { askingPrice: 6_000_000 });
    const seq = await seqOf(t, car.id);
    expect(priceOf(await columns.view(), seq)).toBe(6_000_000);
    await t.db.update(cars).set({ askingPrice: 6_600_000 }).where(eq(cars.id, car.id));

    later(MAX_AGE_MS + 1_000);
    control.fail = true;
    expect(priceOf(await columns.view(), seq)).toBe(6_000_000);
    await vi.waitFor(() => expect(failures).toHaveLength(1));
    expect(String(failures[0])).toContain('the database went away');
    control.fail = false;
    expect(priceOf(await columns.view(), seq)).toBe(6_000_000);
    await vi.waitFor(async () => expect(priceOf(await columns.view(), seq)).toBe(6_600_000));
  });

  it("mark a set's members among each cell's cars in every order, again after a change to the cell, however it grows", async ({
    t,
    seller,
  }) => {
    const columns = new CarColumns(t.db);
    const unsubscribe = columns.follow(t.context.database.events);
    const wombat = textSet(typedTerm('wombat'));
    const about = (i: number) => (i % 3 ? 'Plain.' : 'A wombat on board.');
    const post = (model: string, i: number) =>
      createCar(t, seller, {
        brand: 'Wombat',
        model,
        about: about(i),
        askingPrice: 1_000_000 + ((i * 7_919) % 100) * 1_000,
        kmDriven: (i * 104_729) % 90_000,
      });
    // Two cells of 30 cars each: each cell's bits of an order fit in one 32-bit word.
    const first: { id: string }[] = [];
    const second: { id: string }[] = [];
    for (let i = 0; i < 30; i++) {
      first.push(await post('W1', i));
      second.push(await post('W2', i));
    }
    /** The cars marked in the cell of car `id` by each order (price, km, time added), and the set's members there. */
    const marks = async (id: string) => {
      const { columns: c, sets } = await columns.view([wombat]);
      const members = c.membersIn(sets[0]!)(c.cell[await seqOf(t, id)]!);
      const { ordered, bits } = members;
      const orders = [
        [ordered.seqByPrice, members.byPrice],
        [ordered.seqByKm, members.byKm],
        [ordered.seqByAdded, members.byAdded],
      ] as const;
      return {
        marked: orders.map(([seqs, from]) => [...seqs].filter((_, i) => hasBit(bits, from + i))),
        members: orders.map(([seqs]) => [...seqs].filter((seq) => sets[0]!.has(seq))),
        size: members.size,
      };
    };
    const expectMarked = async (id: string, size: number) => {
      const { marked, members, size: counted } = await marks(id);
      expect(marked).toEqual(members);
      expect(marked[0]).toHaveLength(size);
      expect(counted).toBe(size);
    };
    await expectMarked(first[0]!.id, 10);
    await expectMarked(second[0]!.id, 10);

    // A member leaves the set: the cell is marked again, in the same place.
    await t.db.update(cars).set({ about: 'Plain now.' }).where(eq(cars.id, first[0]!.id));
    await publish(t.db, 'car.updated', { carId: first[0]!.id });
    await expectMarked(first[0]!.id, 9);
    expect((await marks(first[0]!.id)).marked[0]).not.toContain(await seqOf(t, first[0]!.id));

    // The first cell grows past its word of bits an order: marked again apart, the second cell's
    // marks untouched.
    for (let i = 30; i < 45; i++) {
      const car = await post('W1', i);
      await publish(t.db, 'car.posted', { carId: car.id, sellerId: seller.id });
    }
    await expectMarked(first[0]!.id, 14);
    await expectMarked(second[0]!.id, 10);
    for (const stop of unsubscribe) stop();
  });
});
