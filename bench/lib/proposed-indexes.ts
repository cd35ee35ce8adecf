/** Index definitions proposed in docs/performance.md, tried on bench databases only, next to the committed ones. */
import { openTarget, type Target } from './database.ts';

/**
 * The committed indexes say `DESC NULLS LAST` while the keyset queries order by plain `DESC`
 * (which is NULLS FIRST), so PostgreSQL cannot read them in order and sorts the whole category
 * instead. These are the same indexes in the order the queries ask for.
 */
export const PROPOSED_INDEXES = [
  'create index if not exists bench_proposed_cars_category on cars (category_id, added_date desc, id desc)',
  'create index if not exists bench_proposed_cars_seller on cars (seller_id, added_date desc, id desc)',
  'create index if not exists bench_proposed_advertisements_created on advertisements (created_at desc, id desc)',
];
const PROPOSED_NAMES = [
  'bench_proposed_cars_category',
  'bench_proposed_cars_seller',
  'bench_proposed_advertisements_created',
];

/** Creates the proposed indexes (`create`) or drops them again. */
export async function withProposedIndexes(target: Target, create: boolean) {
  const { database, client } = await openTarget(target);
  try {
    if (create) {
      for (const sql of PROPOSED_INDEXES) await client.query(sql);
      await client.query('analyze cars');
      await client.query('analyze advertisements');
    } else {
      for (const name of PROPOSED_NAMES) await client.query(`drop index if exists ${name}`);
    }
  } finally {
    await database.close();
  }
}
