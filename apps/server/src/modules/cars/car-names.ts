/**
 * The cars' make and model as the catalogue links them (docs/catalogue.md, "How cars link"): the
 * mapping of the cars posted before it, once per car as the app starts; the names cars carry that it
 * lacks ("other") and the mapping's typo matches, for the admins; and the cars following the admins'
 * changes to it (car-names.reactions.ts). Cars are read and changed by name, never one by one.
 */
import { type CarNameMapping, type CarNameReview, OTHER_NAMES_MAX, type OtherCarName } from '@redline/shared';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import { publish } from '../../events/index.ts';
import { aliasSpelling, catalogueResolver, changeCatalogue, linkToCatalogue } from '../vehicles/index.ts';
import * as repo from './car-names.repository.ts';
import type { carNameMappings } from './cars.schema.ts';

/**
 * A posted or edited car's make and model as the catalogue links them, with the seller's words kept
 * where the shown names differ from them.
 */
export async function linkedNames(tx: Tx, brand: string, model: string) {
  const link = await linkToCatalogue(tx, brand, model);
  return {
    makeId: link.makeId,
    modelId: link.modelId,
    brand: link.brand,
    model: link.model,
    postedBrand: link.brand === brand ? null : brand,
    postedModel: link.model === model ? null : model,
    catalogueMapped: true,
  };
}

/** Tells whoever keeps the cars' names that many changed (none: nothing to say). */
export async function carsRenamed(tx: Db | Tx, cars: number) {
  if (cars > 0) await publish(tx, 'cars.renamed', { cars });
}

/**
 * Maps the cars never mapped (those posted before the catalogue, or written by a seed) to it, once
 * the catalogue is filled: each brand and model they carry, linked where it matches exactly, folded,
 * by an alias or by a confident typo, else kept as "other"; the cars shown by the catalogue's names
 * keep the seller's words (`posted_brand`, `posted_model`), and each name's mapping is recorded for
 * the admins (`car_name_mappings`). The cars are updated a few thousand at a time in one
 * transaction, under a lock: an instance starting meanwhile finds it taken and leaves the mapping to
 * the one that holds it. Answers whether it mapped any car.
 */
export async function mapCarsToCatalogue(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await repo.tryLockMapping(tx))) return false;
    await repo.markLinkedMapped(tx);
    const names = await repo.unmappedNames(tx);
    if (names.length === 0) return false;
    const resolver = await catalogueResolver(tx);
    const mapped = [];
    for (const name of names)
      mapped.push({ ...name, link: await resolver.link(name.brand, name.model, true) });
    const cars = await repo.linkNames(
      tx,
      mapped.map(({ brand, model, link }) => ({
        brand,
        model,
        fromMakeId: null,
        makeId: link.makeId,
        modelId: link.modelId,
        shownBrand: link.brand,
        shownModel: link.model,
      })),
      true,
    );
    await repo.insertMappings(
      tx,
      mapped.map(({ brand, model, cars, link }) => ({
        brand,
        model,
        shownBrand: link.brand,
        shownModel: link.model,
        makeId: link.makeId,
        modelId: link.modelId,
        makeMatch: link.makeMatch,
        modelMatch: link.modelMatch,
        cars,
      })),
    );
    await carsRenamed(tx, cars);
    return true;
  });
}

/**
 * Links the "other" cars whose names the catalogue now knows (a make, model or alias added, a rename):
 * every make other, and the models other under `makeId`; never by a typo, as when posting.
 */
export async function linkOtherNames(tx: Db | Tx, makeId: number) {
  const names = await repo.otherNames(tx, makeId);
  if (names.length === 0) return;
  const resolver = await catalogueResolver(tx);
  const links: repo.NameLink[] = [];
  for (const name of names) {
    const link =
      name.makeId === null
        ? await resolver.link(name.brand, name.model, false)
        : await resolver.model(name.makeId, name.model).then((match) => ({
            makeId: name.makeId,
            modelId: match && match.match !== 'typo' ? match.entry.id : null,
            brand: name.brand,
            model: match && match.match !== 'typo' ? match.entry.name : name.model,
          }));
    if (link.makeId !== name.makeId || link.modelId !== null)
      links.push({
        brand: name.brand,
        model: name.model,
        fromMakeId: name.makeId,
        makeId: link.makeId,
        modelId: link.modelId,
        shownBrand: link.brand,
        shownModel: link.model,
      });
  }
  await carsRenamed(tx, await repo.linkNames(tx, links, false));
}

/**
 * The names cars carry that the catalogue lacks, the most cars first: a make other (its models
 * together), or a model other under a catalogue make.
 */
export async function listOtherNames({ database }: AppContext): Promise<{ items: OtherCarName[] }> {
  const names = new Map<string, OtherCarName>();
  for (const row of await repo.otherNames(database.db)) {
    const key = row.makeId === null ? `other\u0000${row.brand}` : `${row.makeId}\u0000${row.model}`;
    const name = names.get(key) ?? {
      brand: row.brand,
      makeId: row.makeId,
      model: row.makeId === null ? null : row.model,
      cars: 0,
    };
    name.cars += row.cars;
    names.set(key, name);
  }
  const items = [...names.values()].sort(
    (a, b) =>
      b.cars - a.cars ||
      a.brand.localeCompare(b.brand, 'en') ||
      (a.model ?? '').localeCompare(b.model ?? '', 'en'),
  );
  return { items: items.slice(0, OTHER_NAMES_MAX) };
}

function toMapping(row: typeof carNameMappings.$inferSelect): CarNameMapping {
  return {
    id: row.id,
    brand: row.brand,
    model: row.model,
    shownBrand: row.shownBrand,
    shownModel: row.shownModel,
    makeMatch: row.makeMatch,
    modelMatch: row.modelMatch,
    cars: row.cars,
    mappedAt: row.mappedAt.toISOString(),
    review: row.review,
  };
}

/** The mapping's typo matches no admin has reviewed yet, the most cars first. */
export async function listTypoMappings({ database }: AppContext): Promise<{ items: CarNameMapping[] }> {
  return { items: (await repo.typoMappings(database.db)).map(toMapping) };
}

/**
 * An admin's verdict on a typo match: confirmed, its spelling becomes an alias of the make (or
 * model), so that the next car posted so links too; undone, its cars show the seller's words again,
 * as "other" (a make's typo unlinks the make, a model's only the model).
 */
export async function reviewMapping(
  { database }: AppContext,
  id: number,
  { review }: CarNameReview,
): Promise<CarNameMapping> {
  return changeCatalogue(database.db, async (tx) => {
    const row = await repo.lockMappingRow(tx, id);
    const makeTypo = row?.makeMatch === 'typo';
    if (!row || !(makeTypo || row.modelMatch === 'typo')) throw notFound('The typo match');
    if (row.review) throw conflict(`The match was ${row.review} already.`);
    const makeId = row.makeId;
    if (makeId === null) throw conflict('Its make has left the catalogue: its cars are "other" already.');
    if (review === 'confirmed') {
      if (makeTypo) await aliasSpelling(tx, { makeId, modelId: null, alias: row.brand });
      if (row.modelMatch === 'typo' && row.modelId !== null)
        await aliasSpelling(tx, { makeId, modelId: row.modelId, alias: row.model });
    } else {
      const mapping = { ...row, makeId };
      await carsRenamed(tx, await repo.undoTypo(tx, mapping, makeTypo ? 'make' : 'model'));
    }
    return toMapping(await repo.setReview(tx, id, review));
  });
}
