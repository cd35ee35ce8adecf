import { carSearchQuerySchema } from '@redline/shared';
import { listCategories } from '../apps/server/src/modules/categories/index.ts';
import { Search as CarSearch } from '../apps/server/src/modules/search/index.ts';
import { readCatalogueNames } from '../apps/server/src/modules/vehicles/index.ts';
import { openTarget } from './lib/database.ts';

const { database } = await openTarget({ engine: 'postgres', databaseUrl: 'postgres://redline:redline@localhost/redline_bench_1m' });
const db = database.db;
const search = new CarSearch(db, { categories: () => listCategories(db), vehicles: () => readCatalogueNames(db) });
await search.load();
const queries = process.argv.slice(2);
for (let round = 0; round < 3; round++)
  for (const q of queries) {
    const query = carSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(q)));
    const t0 = performance.now();
    await search.carIds(query);
    console.log(round, q, (performance.now() - t0).toFixed(1), 'ms');
  }
await database.close();
