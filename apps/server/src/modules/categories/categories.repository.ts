import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories } from '../../db/schema.ts';

/** All categories in display order. */
export function listCategories(db: Db) {
  return db
    .select({ id: categories.id, name: categories.name, icon: categories.icon, image: categories.image })
    .from(categories)
    .orderBy(asc(categories.position));
}
