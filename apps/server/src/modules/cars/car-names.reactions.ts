/** The cars follow the admins' changes to the vehicle catalogue, in the transaction that makes them. */
import type { AppContext } from '../../context.ts';
import * as repo from './car-names.repository.ts';
import { carsRenamed, linkOtherNames } from './car-names.ts';

export function followTheCatalogue({ database: { events } }: AppContext): (() => void)[] {
  return [
    events.react('vehicle-make.renamed', async (tx, { makeId, name }) =>
      carsRenamed(tx, await repo.renameMakeOfCars(tx, makeId, name)),
    ),
    events.react('vehicle-model.renamed', async (tx, { modelId, name }) =>
      carsRenamed(tx, await repo.renameModelOfCars(tx, modelId, name)),
    ),
    events.react('vehicle-make.merged', async (tx, { makeId, into }) =>
      carsRenamed(tx, await repo.moveMakeOfCars(tx, makeId, into)),
    ),
    events.react('vehicle-model.merged', async (tx, { modelId, into }) =>
      carsRenamed(tx, await repo.moveModelOfCars(tx, modelId, into)),
    ),
    // The cars keep the names they show: nothing changes for a reader.
    events.react('vehicle-make.deleted', async (tx, { makeId }) => {
      await repo.unlinkCars(tx, { makeId });
    }),
    events.react('vehicle-model.deleted', async (tx, { modelId }) => {
      await repo.unlinkCars(tx, { modelId });
    }),
    events.react('vehicle-catalogue.extended', (tx, { makeId }) => linkOtherNames(tx, makeId)),
  ];
}
