import { VEHICLE_LIST_MAX, VEHICLE_MATCHES_MAX, type VehicleMake, type VehicleModel } from '@redline/shared';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import aliases from './vehicle-aliases.json' with { type: 'json' };
import catalogue from './vehicle-catalogue.json' with { type: 'json' };
import { type Match, type Named, rankNames, resolveName } from './vehicle-matching.ts';
import { slugOf } from './vehicle-names.ts';
import * as repo from './vehicles.repository.ts';

/** Alphabetical in English, whichever collation the database has ("Škoda" after "Simca", "smart" after "Shelby"). */
const alphabetically = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en');

/** Every make with its aliases, alphabetically. */
async function namedMakes(db: Db | Tx): Promise<Named<VehicleMake>[]> {
  const [makes, makeAliases] = await Promise.all([repo.listMakes(db), repo.makeAliases(db)]);
  return makes.sort(alphabetically).map((make) => ({
    entry: make,
    name: make.name,
    aliases: makeAliases.filter((a) => a.makeId === make.id).map((a) => a.alias),
  }));
}

/** A make's models with their aliases, alphabetically. */
async function namedModels(db: Db | Tx, makeId: number): Promise<Named<VehicleModel>[]> {
  const [models, modelAliases] = await Promise.all([
    repo.listModels(db, makeId),
    repo.modelAliases(db, makeId),
  ]);
  return models.sort(alphabetically).map((model) => ({
    entry: model,
    name: model.name,
    aliases: modelAliases.filter((a) => a.modelId === model.id).map((a) => a.alias),
  }));
}

/** The makes, alphabetically; with a text, the best matches of it (vehicle-matching.ts). */
export async function listMakes({ database }: AppContext, q: string | undefined): Promise<VehicleMake[]> {
  const makes = await namedMakes(database.db);
  if (!q) return makes.slice(0, VEHICLE_LIST_MAX).map((named) => named.entry);
  return rankNames(q, makes, VEHICLE_MATCHES_MAX);
}

/** A make's models, alphabetically; with a text, the best matches of it. 404 for an unknown make. */
export async function listModels(
  { database }: AppContext,
  makeId: number,
  q: string | undefined,
): Promise<VehicleModel[]> {
  if (!(await repo.findMake(database.db, makeId))) throw notFound('The make');
  const models = await namedModels(database.db, makeId);
  if (!q) return models.slice(0, VEHICLE_LIST_MAX).map((named) => named.entry);
  return rankNames(q, models, VEHICLE_MATCHES_MAX);
}

/** The make a text names ("chevy", "Mercedes Benz", "vokswagen") and how it matched; null when unsure. */
export async function resolveMake(db: Db | Tx, text: string): Promise<Match<VehicleMake> | null> {
  return resolveName(text, await namedMakes(db));
}

/** The model of a make that a text names ("rx7", "Miata") and how it matched; null when unsure. */
export async function resolveModel(
  db: Db | Tx,
  makeId: number,
  text: string,
): Promise<Match<VehicleModel> | null> {
  return resolveName(text, await namedModels(db, makeId));
}

/**
 * Fills an empty catalogue from the data files of this folder (docs/catalogue.md), in one
 * transaction; a catalogue that has makes is the admins' and is left as it is. Answers whether it
 * filled it.
 */
export async function fillCatalogue(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await repo.lockCatalogueFill(tx);
    if (await repo.hasMakes(tx)) return false;
    const makes = await repo.insertMakes(
      tx,
      catalogue.makes.map((make) => ({ name: make.name, slug: slugOf(make.name), country: make.country })),
    );
    const makeIds = new Map(makes.map((make) => [make.name, make.id]));
    const models = await repo.insertModels(
      tx,
      catalogue.makes.flatMap((make) =>
        make.models.map((name) => ({ makeId: makeIds.get(make.name)!, name, slug: slugOf(name) })),
      ),
    );
    const modelIds = new Map(models.map((model) => [`${model.makeId}/${model.name}`, model.id]));
    const idOf = (make: string) => {
      const id = makeIds.get(make);
      if (id === undefined)
        throw new Error(`vehicle-aliases.json names "${make}", which the catalogue lacks`);
      return id;
    };
    await repo.insertAliases(tx, [
      ...Object.entries(aliases.makes).flatMap(([make, names]) =>
        names.map((alias) => ({ makeId: idOf(make), alias })),
      ),
      ...Object.entries(aliases.models).flatMap(([make, models]) =>
        Object.entries(models).flatMap(([model, names]) => {
          const modelId = modelIds.get(`${idOf(make)}/${model}`);
          if (modelId === undefined)
            throw new Error(`vehicle-aliases.json names "${make} ${model}", which the catalogue lacks`);
          return names.map((alias) => ({ makeId: idOf(make), modelId, alias }));
        }),
      ),
    ]);
    return true;
  });
}
