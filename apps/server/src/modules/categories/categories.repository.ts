import { asc, eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db, Statements } from '../../db/client.ts';
import { categories } from './categories.schema.ts';

/** All categories in display order. */
export function listCategories(db: Db) {
  return db
    .select({ id: categories.id, name: categories.name, icon: categories.icon, image: categories.image })
    .from(categories)
    .orderBy(asc(categories.position));
}

/**
 * Each category's name by id: what the cars module reads of the categories (a car view names its
 * category), joined in its own statements. PostgreSQL inlines it, so the join costs what a join of
 * the table did.
 */
export const categoryNames = new QueryBuilder()
  .select({ id: categories.id, name: categories.name })
  .from(categories)
  .as('category_names');

const categoryById = (db: Db) =>
  db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, sql.placeholder('id')));

/** Whether the category exists: a prepared statement of the database handle, asked by every car posted or edited. */
export async function categoryExists(statements: Statements, id: string) {
  const rows = await statements.get('category_exists', categoryById).execute({ id });
  return rows.length > 0;
}
