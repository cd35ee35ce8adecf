import type { Category } from '@redline/shared';
import type { AppContext } from '../../context.ts';
import * as repo from './categories.repository.ts';
import { bannerView } from './category-banner.ts';

/** All categories in display order, each with its banner. */
export async function listCategories({ database, photos }: AppContext): Promise<Category[]> {
  return (await repo.listCategories(database.db)).map((category) => ({
    ...category,
    banner: bannerView(photos, category.id),
  }));
}
