import {
  VEHICLE_LIST_MAX,
  VEHICLE_MATCHES_MAX,
  type VehicleMake,
  type VehicleMakeChange,
  type VehicleMakeInput,
  type VehicleModel,
} from '@redline/shared';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, conflict, INVALID_FIELDS_MESSAGE, notFound } from '../../errors.ts';
import { publish } from '../../events/index.ts';
import { CatalogueNames } from './catalogue-names.ts';
import aliases from './vehicle-aliases.json' with { type: 'json' };
import catalogue from './vehicle-catalogue.json' with { type: 'json' };
import { type Match, type Named, rankNames, resolveName } from './vehicle-matching.ts';
import { foldName, slugOf } from './vehicle-names.ts';
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

/** Every make and model with its aliases, for the search to keep in memory (catalogue-names.ts). */
export async function readCatalogueNames(db: Db): Promise<CatalogueNames> {
  const [makes, models, aliases] = await Promise.all([
    namedMakes(db),
    repo.listModels(db),
    repo.modelAliases(db),
  ]);
  const aliasesOf = new Map<number | null, string[]>();
  for (const { modelId, alias } of aliases)
    aliasesOf.set(modelId, [...(aliasesOf.get(modelId) ?? []), alias]);
  return new CatalogueNames(
    makes,
    models.map((model) => ({
      entry: model,
      name: model.name,
      aliases: aliasesOf.get(model.id) ?? [],
    })),
  );
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
  await makeOrNotFound(database.db, makeId);
  const models = await namedModels(database.db, makeId);
  if (!q) return models.slice(0, VEHICLE_LIST_MAX).map((named) => named.entry);
  return rankNames(q, models, VEHICLE_MATCHES_MAX);
}

/**
 * A name's slug, refused when it has no letter or digit; and refused when another entry of those
 * given has the same folded name ("Alfa-Romeo" beside Alfa Romeo).
 */
function newName(name: string, others: Named<{ id: number }>[], what: string): string {
  const slug = slugOf(name);
  if (!slug)
    throw badRequest(INVALID_FIELDS_MESSAGE, {
      name: 'Name needs a letter or a digit',
    });
  const same = others.find((named) => foldName(named.name) === foldName(name));
  if (same) throw conflict(`${what} “${same.name}” is in the catalogue already.`);
  return slug;
}

async function makeOrNotFound(db: Db | Tx, makeId: number) {
  const make = await repo.findMake(db, makeId);
  if (!make) throw notFound('The make');
  return make;
}

/** An admin's new make. */
export async function addMake({ database }: AppContext, input: VehicleMakeInput): Promise<VehicleMake> {
  const slug = newName(input.name, await namedMakes(database.db), 'The make');
  return database.db.transaction(async (tx) => {
    const make = await repo.insertMake(tx, { name: input.name, slug, country: input.country });
    if (!make) throw conflict(`The make “${input.name}” is in the catalogue already.`);
    await publish(tx, 'vehicles.changed', { makeId: make.id });
    return make;
  });
}

/** An admin's change of a make: a new name keeps the old one as an alias, so texts that used it still find it. */
export async function changeMake(
  { database }: AppContext,
  makeId: number,
  change: VehicleMakeChange,
): Promise<VehicleMake> {
  return database.db.transaction(async (tx) => {
    const make = await makeOrNotFound(tx, makeId);
    const renamed = change.name !== undefined && change.name !== make.name;
    const others = (await namedMakes(tx)).filter((named) => named.entry.id !== makeId);
    const slug = renamed ? newName(change.name!, others, 'The make') : make.slug;
    if (renamed && foldName(change.name!) !== foldName(make.name)) {
      await repo.addAlias(tx, { makeId, alias: make.name });
    }
    await publish(tx, 'vehicles.changed', { makeId });
    return repo.updateMake(tx, makeId, {
      name: change.name ?? make.name,
      slug,
      country: change.country ?? make.country,
    });
  });
}

/** An admin's new model of a make. */
export async function addModel(
  { database }: AppContext,
  makeId: number,
  name: string,
): Promise<VehicleModel> {
  await makeOrNotFound(database.db, makeId);
  const slug = newName(name, await namedModels(database.db, makeId), 'The model');
  return database.db.transaction(async (tx) => {
    const model = await repo.insertModel(tx, { makeId, name, slug });
    if (!model) throw conflict(`The model “${name}” is in the catalogue already.`);
    await publish(tx, 'vehicles.changed', { makeId });
    return model;
  });
}

/** An admin's new name of a model, keeping the old one as an alias. */
export async function renameModel(
  { database }: AppContext,
  makeId: number,
  modelId: number,
  name: string,
): Promise<VehicleModel> {
  return database.db.transaction(async (tx) => {
    const model = await repo.findModel(tx, makeId, modelId);
    if (!model) throw notFound('The model');
    if (name === model.name) return model;
    const others = (await namedModels(tx, makeId)).filter((named) => named.entry.id !== modelId);
    const slug = newName(name, others, 'The model');
    if (foldName(name) !== foldName(model.name))
      await repo.addAlias(tx, { makeId, modelId, alias: model.name });
    await publish(tx, 'vehicles.changed', { makeId });
    return repo.updateModel(tx, modelId, { name, slug });
  });
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

/** A car's make and model as the catalogue knows them: ids and names, or the seller's words ("other", id null). */
export interface CatalogueLink {
  makeId: number | null;
  modelId: number | null;
  brand: string;
  model: string;
}

/**
 * Links a car's make and model, as a seller typed them, to the catalogue: a name that matches
 * exactly, folded ("rx7") or by an alias ("chevy") becomes the catalogue's entry and its name; a
 * typo is the seller's own word (what they meant is theirs to pick from the list), as is a name the
 * catalogue lacks. A model is linked only under a linked make.
 */
export async function linkToCatalogue(db: Db | Tx, brand: string, model: string): Promise<CatalogueLink> {
  const sure = <T>(match: Match<T> | null) => (match && match.match !== 'typo' ? match.entry : null);
  const make = sure(await resolveMake(db, brand));
  if (!make) return { makeId: null, modelId: null, brand, model };
  const linked = sure(await resolveModel(db, make.id, model));
  return { makeId: make.id, modelId: linked?.id ?? null, brand: make.name, model: linked?.name ?? model };
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
