import {
  type MatchKind,
  VEHICLE_LIST_MAX,
  VEHICLE_MATCHES_MAX,
  type VehicleAlias,
  type VehicleAliasInput,
  type VehicleMake,
  type VehicleMakeChange,
  type VehicleMakeInput,
  type VehicleModel,
  type VinDecode,
} from '@redline/shared';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, conflict, INVALID_FIELDS_MESSAGE, notFound } from '../../errors.ts';
import { oncePerTransaction, publish } from '../../events/index.ts';
import { CatalogueNames } from './catalogue-names.ts';
import aliases from './vehicle-aliases.json' with { type: 'json' };
import catalogue from './vehicle-catalogue.json' with { type: 'json' };
import { type Match, type Named, rankNames, resolveName } from './vehicle-matching.ts';
import { foldName, slugOf } from './vehicle-names.ts';
import * as repo from './vehicles.repository.ts';
import { decodeVinOffline } from './vin-decoder.ts';

/** Alphabetical in English, whichever collation the database has ("Škoda" after "Simca", "smart" after "Shelby"). */
const alphabetically = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en');

/** Every make with its aliases, alphabetically. */
async function namedMakes(db: Db | Tx): Promise<Named<VehicleMake>[]> {
  const makes = await repo.listMakesWithAliases(db);
  return makes
    .sort(alphabetically)
    .map(({ aliases, ...make }) => ({ entry: make, name: make.name, aliases }));
}

/** A make's models with their aliases, alphabetically. */
async function namedModels(db: Db | Tx, makeId: number): Promise<Named<VehicleModel>[]> {
  const models = await repo.listModelsWithAliases(db, makeId);
  return models
    .sort(alphabetically)
    .map(({ aliases, ...model }) => ({ entry: model, name: model.name, aliases }));
}

/** Every make and model with its aliases, for the search to keep in memory (catalogue-names.ts). */
export async function readCatalogueNames(db: Db): Promise<CatalogueNames> {
  const [makes, models] = await Promise.all([namedMakes(db), repo.listModelsWithAliases(db)]);
  return new CatalogueNames(
    makes,
    models.map(({ aliases, ...model }) => ({ entry: model, name: model.name, aliases })),
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

/**
 * A change to the catalogue, in one transaction holding it alone (`repo.lockCatalogue`): a car
 * linked to it meanwhile is linked either before the change, which then sees and moves it, or after.
 */
export function changeCatalogue<T>(db: Db, change: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await repo.lockCatalogue(tx);
    return change(tx);
  });
}

async function makeOrNotFound(db: Db | Tx, makeId: number) {
  const make = await repo.findMake(db, makeId);
  if (!make) throw notFound('The make');
  return make;
}

async function modelOrNotFound(db: Db | Tx, makeId: number, modelId: number) {
  const model = await repo.findModel(db, makeId, modelId);
  if (!model) throw notFound('The model');
  return model;
}

/** An admin's new make. */
export async function addMake({ database }: AppContext, input: VehicleMakeInput): Promise<VehicleMake> {
  return changeCatalogue(database.db, async (tx) => {
    const slug = newName(input.name, await namedMakes(tx), 'The make');
    const make = await repo.insertMake(tx, { name: input.name, slug, country: input.country });
    if (!make) throw conflict(`The make “${input.name}” is in the catalogue already.`);
    await publish(tx, 'vehicle-catalogue.extended', { makeId: make.id });
    return make;
  });
}

/** An admin's change of a make: a new name keeps the old one as an alias, so texts that used it still find it. */
export async function changeMake(
  { database }: AppContext,
  makeId: number,
  change: VehicleMakeChange,
): Promise<VehicleMake> {
  return changeCatalogue(database.db, async (tx) => {
    const make = await makeOrNotFound(tx, makeId);
    const renamed = change.name !== undefined && change.name !== make.name;
    const others = (await namedMakes(tx)).filter((named) => named.entry.id !== makeId);
    const slug = renamed ? newName(change.name!, others, 'The make') : make.slug;
    if (renamed && foldName(change.name!) !== foldName(make.name))
      await repo.insertAlias(tx, { makeId, alias: make.name });
    const changed = await repo.updateMake(tx, makeId, {
      name: change.name ?? make.name,
      slug,
      country: change.country ?? make.country,
    });
    if (renamed) {
      await publish(tx, 'vehicle-make.renamed', { makeId, name: changed.name });
      await publish(tx, 'vehicle-catalogue.extended', { makeId });
    }
    return changed;
  });
}

/** An admin's new model of a make. */
export async function addModel(
  { database }: AppContext,
  makeId: number,
  name: string,
): Promise<VehicleModel> {
  return changeCatalogue(database.db, async (tx) => {
    await makeOrNotFound(tx, makeId);
    const slug = newName(name, await namedModels(tx, makeId), 'The model');
    const model = await repo.insertModel(tx, { makeId, name, slug });
    if (!model) throw conflict(`The model “${name}” is in the catalogue already.`);
    await publish(tx, 'vehicle-catalogue.extended', { makeId });
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
  return changeCatalogue(database.db, async (tx) => {
    const model = await modelOrNotFound(tx, makeId, modelId);
    if (name === model.name) return model;
    const others = (await namedModels(tx, makeId)).filter((named) => named.entry.id !== modelId);
    const slug = newName(name, others, 'The model');
    if (foldName(name) !== foldName(model.name))
      await repo.insertAlias(tx, { makeId, modelId, alias: model.name });
    const renamed = await repo.updateModel(tx, modelId, { name, slug });
    await publish(tx, 'vehicle-model.renamed', { modelId, name });
    await publish(tx, 'vehicle-catalogue.extended', { makeId });
    return renamed;
  });
}

/**
 * An admin's merge of a make into another, which keeps its name: a model of the same name (folded)
 * is merged into the kept make's, the others move there; the aliases follow, the merged make's name
 * becomes one, and its cars follow (events: the cars module moves them before the make goes).
 */
export async function mergeMake(
  { database }: AppContext,
  makeId: number,
  intoId: number,
): Promise<VehicleMake> {
  return changeCatalogue(database.db, async (tx) => {
    const make = await makeOrNotFound(tx, makeId);
    const into = await makeOrNotFound(tx, intoId);
    if (make.id === into.id) throw conflict('A make cannot be merged into itself.');
    const kept = new Map((await repo.listModels(tx, into.id)).map((model) => [foldName(model.name), model]));
    for (const model of await repo.listModels(tx, make.id)) {
      const same = kept.get(foldName(model.name));
      if (same) await mergeModelInto(tx, model, { make: into, model: same });
      else await repo.moveModel(tx, model.id, into.id);
    }
    await repo.copyAliases(tx, { makeId: make.id, modelId: null }, { makeId: into.id, modelId: null });
    await repo.insertAlias(tx, { makeId: into.id, alias: make.name });
    await publish(tx, 'vehicle-make.merged', { makeId: make.id, into: { makeId: into.id, name: into.name } });
    await repo.deleteMake(tx, make.id);
    await publish(tx, 'vehicle-catalogue.extended', { makeId: into.id });
    return into;
  });
}

/** A model merged into another (of its make, or of the make its own is merged into), then deleted. */
async function mergeModelInto(tx: Tx, model: VehicleModel, into: { make: VehicleMake; model: VehicleModel }) {
  await repo.copyAliases(
    tx,
    { makeId: model.makeId, modelId: model.id },
    { makeId: into.make.id, modelId: into.model.id },
  );
  if (foldName(model.name) !== foldName(into.model.name))
    await repo.insertAlias(tx, { makeId: into.make.id, modelId: into.model.id, alias: model.name });
  await publish(tx, 'vehicle-model.merged', {
    modelId: model.id,
    into: { makeId: into.make.id, make: into.make.name, modelId: into.model.id, model: into.model.name },
  });
  await repo.deleteModel(tx, model.id);
}

/** An admin's merge of a model into another of its make, which keeps its name. */
export async function mergeModel(
  { database }: AppContext,
  makeId: number,
  modelId: number,
  intoId: number,
): Promise<VehicleModel> {
  return changeCatalogue(database.db, async (tx) => {
    const make = await makeOrNotFound(tx, makeId);
    const model = await modelOrNotFound(tx, makeId, modelId);
    const into = await modelOrNotFound(tx, makeId, intoId);
    if (model.id === into.id) throw conflict('A model cannot be merged into itself.');
    await mergeModelInto(tx, model, { make, model: into });
    await publish(tx, 'vehicle-catalogue.extended', { makeId });
    return into;
  });
}

/** An admin's deletion of a make, its models and aliases; its cars keep the names they show, as "other". */
export async function deleteMake(
  { database }: AppContext,
  makeId: number,
): Promise<{ deletedCount: number }> {
  return changeCatalogue(database.db, async (tx) => {
    await makeOrNotFound(tx, makeId);
    await publish(tx, 'vehicle-make.deleted', { makeId });
    await repo.deleteMake(tx, makeId);
    return { deletedCount: 1 };
  });
}

/** An admin's deletion of a model and its aliases; its cars keep the model name they show, as "other". */
export async function deleteModel(
  { database }: AppContext,
  makeId: number,
  modelId: number,
): Promise<{ deletedCount: number }> {
  return changeCatalogue(database.db, async (tx) => {
    await modelOrNotFound(tx, makeId, modelId);
    await publish(tx, 'vehicle-model.deleted', { modelId });
    await repo.deleteModel(tx, modelId);
    return { deletedCount: 1 };
  });
}

/** The aliases of a make and of its models, alphabetically. */
export async function listAliases(
  { database }: AppContext,
  makeId: number,
): Promise<{ items: VehicleAlias[] }> {
  await makeOrNotFound(database.db, makeId);
  const items = await repo.aliasesOfMake(database.db, makeId);
  return { items: items.sort((a, b) => a.alias.localeCompare(b.alias, 'en')) };
}

/**
 * An admin's new alias of a make, or of one of its models; refused when the entry has it (its name
 * or an alias, folded) or another entry is named so (the alias would never name this one).
 */
export async function addAlias(
  { database }: AppContext,
  makeId: number,
  input: VehicleAliasInput,
): Promise<VehicleAlias> {
  return changeCatalogue(database.db, async (tx) => {
    await makeOrNotFound(tx, makeId);
    const modelId = input.modelId ?? null;
    if (modelId !== null) await modelOrNotFound(tx, makeId, modelId);
    const entries = modelId === null ? await namedMakes(tx) : await namedModels(tx, makeId);
    const key = foldName(input.alias);
    if (!key) throw badRequest(INVALID_FIELDS_MESSAGE, { alias: 'Alias needs a letter or a digit' });
    for (const named of entries) {
      const own = named.entry.id === (modelId ?? makeId);
      if (foldName(named.name) === key)
        throw conflict(
          own ? `“${named.name}” is its name already.` : `“${named.name}” is another entry of the catalogue.`,
        );
      if (own && named.aliases.some((alias) => foldName(alias) === key))
        throw conflict(`“${named.name}” has that alias already.`);
    }
    const alias = await repo.insertAlias(tx, { makeId, modelId, alias: input.alias });
    if (!alias) throw conflict('The entry has that alias already.');
    await publish(tx, 'vehicle-catalogue.extended', { makeId });
    return alias;
  });
}

/** An admin's removal of an alias; cars it linked stay linked. */
export async function removeAlias(
  { database }: AppContext,
  makeId: number,
  aliasId: number,
): Promise<{ deletedCount: number }> {
  return changeCatalogue(database.db, async (tx) => {
    const deletedCount = await repo.deleteAlias(tx, makeId, aliasId);
    if (deletedCount === 0) throw notFound('The alias');
    await publish(tx, 'vehicle-alias.removed', { makeId });
    return { deletedCount };
  });
}

/**
 * The catalogue read once, to link cars to it (a car posted, the mapping of many): each make's models
 * are read when first asked for. A transaction reading it holds the catalogue shared until it ends,
 * so that no admin changes it before the cars it links are written (`changeCatalogue`).
 */
export async function catalogueResolver(db: Db | Tx) {
  await repo.shareCatalogue(db);
  const makes = await namedMakes(db);
  const models = new Map<number, Named<VehicleModel>[]>();
  const model = async (makeId: number, text: string) => {
    let named = models.get(makeId);
    if (!named) {
      named = await namedModels(db, makeId);
      models.set(makeId, named);
    }
    return resolveName(text, named);
  };
  return {
    /** The model of a make that a text names, and how; null when unsure. */
    model,
    /**
     * A car's make and model, as a seller typed them, linked to the catalogue: a name that matches
     * exactly, folded ("rx7") or by an alias ("chevy") becomes the catalogue's entry and its name; so
     * does a typo when `typos` (a confident one: vehicle-matching.ts); a name the catalogue lacks is
     * the seller's. A model is linked only under a linked make.
     */
    link: async (brand: string, modelText: string, typos: boolean): Promise<CatalogueLink> => {
      const sure = <T>(match: Match<T> | null) => (match && (typos || match.match !== 'typo') ? match : null);
      const make = sure(resolveName(brand, makes));
      const linked = make ? sure(await model(make.entry.id, modelText)) : null;
      return {
        makeId: make?.entry.id ?? null,
        modelId: linked?.entry.id ?? null,
        brand: make?.entry.name ?? brand,
        model: linked?.entry.name ?? modelText,
        makeMatch: make?.match ?? null,
        modelMatch: linked?.match ?? null,
      };
    },
  };
}

/** Keeps a spelling that cars carried as an alias of their entry (an admin confirmed it names it), unless it has it. */
export async function aliasSpelling(
  tx: Tx,
  alias: { makeId: number; modelId: number | null; alias: string },
) {
  await repo.insertAlias(tx, alias);
  await publish(tx, 'vehicle-catalogue.extended', { makeId: alias.makeId });
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
 * A car's make and model as the catalogue knows them: ids and names, or the seller's words ("other",
 * id null), and how each matched (null: other).
 */
export interface CatalogueLink {
  makeId: number | null;
  modelId: number | null;
  brand: string;
  model: string;
  makeMatch: MatchKind | null;
  modelMatch: MatchKind | null;
}

/**
 * Links a car's make and model, as a seller typed them, to the catalogue (`catalogueResolver`'s
 * `link`), a typo staying the seller's own word: what they meant is theirs to pick from the list.
 * The catalogue is read once a transaction (an import's chunk links hundreds of cars): `tx` holds it
 * shared, so no change to it is made until `tx` ends.
 */
export async function linkToCatalogue(tx: Tx, brand: string, model: string): Promise<CatalogueLink> {
  const resolver = await oncePerTransaction(tx, 'catalogue', () => catalogueResolver(tx));
  return resolver.link(brand, model, false);
}

/**
 * What a VIN says of its car, its make and model linked to the catalogue as a seller's words would
 * be; 404 when vPIC knows nothing of its maker.
 */
export async function decodeVin({ database }: AppContext, vin: string): Promise<VinDecode> {
  const decoded = await decodeVinOffline(vin);
  if (!decoded) throw notFound('A car of this VIN');
  const link = await database.db.transaction((tx) => linkToCatalogue(tx, decoded.brand, decoded.model ?? ''));
  return {
    ...decoded,
    brand: link.brand,
    makeId: link.makeId,
    model: decoded.model === null ? null : link.model,
    modelId: link.modelId,
  };
}

/**
 * Fills an empty catalogue from the data files of this folder (docs/catalogue.md), in one
 * transaction; a catalogue that has makes is the admins' and is left as it is. Answers whether it
 * filled it.
 */
export async function fillCatalogue(db: Db): Promise<boolean> {
  return changeCatalogue(db, async (tx) => {
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
