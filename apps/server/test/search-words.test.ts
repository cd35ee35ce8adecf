/**
 * The words buyers search, remembered across starts (issue 50, modules/search/search-words.ts): a
 * started instance reads the cars of the words searched lately before it is ready, so that its
 * first searches with them read none; a word not searched for a week is forgotten.
 */
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { searchWords } from '../src/db/schema.ts';
import { listCategories } from '../src/modules/categories/index.ts';
import { Search } from '../src/modules/search/index.ts';
import { readCatalogueNames } from '../src/modules/vehicles/index.ts';
import { createCar } from './factories.ts';
import { it } from './fixtures.ts';
import { parsedQuery } from './search-generated.ts';

/**
 * `db`, recording each statement that reads the cars of words (car-columns.ts's setsStatement, the
 * one statement that selects `set0`, `set1`, … alone), by the words it asks for.
 */
function recordingWordReads(db: Db) {
  const reads: unknown[] = [];
  const recording = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'select') return Reflect.get(target, property, receiver);
      return (fields?: Record<string, unknown>) => {
        if (fields && Object.keys(fields).every((key) => /^set\d+$/.test(key))) reads.push(fields);
        return target.select(fields as never);
      };
    },
  });
  return { db: recording, reads };
}

/** A Search as a started instance builds it (app.ts), over `db`. */
const startedSearch = (db: Db) =>
  new Search(db, { categories: () => listCategories(db), vehicles: () => readCatalogueNames(db) });

it('a started instance reads the cars of the words searched lately before it is ready; a search with them then reads none', async ({
  t,
  seller,
}) => {
  await createCar(t, seller, { about: 'Garaged, with a stamped service book and a chequered past.' });
  // A buyer's search on the running instance: its words are counted, and saved (each minute, and at close).
  await t.context.search.carIds(parsedQuery('q=stamped'));
  await t.context.search.saveAskedWords();
  const [remembered] = await t.db.select().from(searchWords).where(eq(searchWords.word, 'stamped'));
  expect(remembered).toMatchObject({ whole: false, asks: 1 });

  // The instance started again: ready once it has read the word's cars.
  const { db, reads } = recordingWordReads(t.db);
  const search = startedSearch(db);
  await search.load();
  const atStart = reads.length;
  expect(atStart).toBeGreaterThan(0);
  expect((await search.carIds(parsedQuery('q=stamped'))).total).toBe(1);
  expect(reads).toHaveLength(atStart);
  // A word no one searched before is read when a search first has it.
  expect((await search.carIds(parsedQuery('q=chequered'))).total).toBe(1);
  expect(reads).toHaveLength(atStart + 1);
});

it("a start reads the remembered words' cars together, each word's cars its own", async ({ t, seller }) => {
  await createCar(t, seller, { about: 'Quilted seats, louvred bonnet.' });
  await createCar(t, seller, { about: 'Quilted leather throughout.' });
  await createCar(t, seller, { about: 'Tartan inserts.' });
  const searched = { quilted: 2, louvred: 1, tartan: 1, zircon: 0 };
  for (const q of Object.keys(searched)) await t.context.search.carIds(parsedQuery(`q=${q}`));
  await t.context.search.saveAskedWords();

  const { db, reads } = recordingWordReads(t.db);
  const search = startedSearch(db);
  await search.load();
  // One statement for the words (a common word's scan of the table made once for all).
  expect(reads).toHaveLength(1);
  for (const [q, total] of Object.entries(searched)) {
    expect((await search.carIds(parsedQuery(`q=${q}`))).total, q).toBe(total);
  }
  expect(reads).toHaveLength(1);
});

it('counts each new search that has a word, adds the counts up across saves, and forgets a word not searched for a week', async ({
  t,
}) => {
  for (const q of ['garnet', 'garnet red', 'garnet']) await t.context.search.carIds(parsedQuery(`q=${q}`));
  await t.context.search.saveAskedWords();
  await t.context.search.carIds(parsedQuery('q=garnet blue'));
  await t.context.search.saveAskedWords();
  const asks = async (word: string) =>
    (await t.db.select().from(searchWords).where(eq(searchWords.word, word)))[0]?.asks;
  // The third search was answered from the counts kept for the first: not a new search.
  expect(await asks('garnet')).toBe(3);
  expect(await asks('red')).toBe(1);

  await t.db
    .update(searchWords)
    .set({ askedAt: sql`now() - interval '8 days'` })
    .where(eq(searchWords.word, 'garnet'));
  const { db, reads } = recordingWordReads(t.db);
  const search = startedSearch(db);
  await search.load();
  expect(await asks('garnet')).toBeUndefined();
  expect(await asks('red')).toBe(1);
  // Read at the start: a search with it reads nothing more; the forgotten word is read when searched.
  const atStart = reads.length;
  await search.carIds(parsedQuery('q=red'));
  expect(reads).toHaveLength(atStart);
  await search.carIds(parsedQuery('q=garnet'));
  expect(reads).toHaveLength(atStart + 1);
});

it('two saves at once add each counted word once, and two loads at once read the remembered words once', async ({
  t,
}) => {
  for (const q of ['sienna', 'sienna roof']) await t.context.search.carIds(parsedQuery(`q=${q}`));
  await Promise.all([t.context.search.saveAskedWords(), t.context.search.saveAskedWords()]);
  const [sienna] = await t.db.select().from(searchWords).where(eq(searchWords.word, 'sienna'));
  expect(sienna?.asks).toBe(2);

  const once = recordingWordReads(t.db);
  await startedSearch(once.db).load();
  expect(once.reads.length).toBeGreaterThan(0);
  const { db, reads } = recordingWordReads(t.db);
  const search = startedSearch(db);
  await Promise.all([search.load(), search.load(), search.load()]);
  expect(reads).toHaveLength(once.reads.length);
});
