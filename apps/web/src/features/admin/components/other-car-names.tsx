import type { OtherCarName } from '@redline/shared';
import { useState } from 'react';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/ui/list-states.tsx';
import { StackCell, StackRow, StackTable } from '../../../components/ui/stack-table.tsx';
import { toast } from '../../../lib/toast.ts';
import { addAlias, addMake, addModel, useCatalogueChange } from '../api/change-vehicle-catalogue.ts';
import { useOtherCarNames } from '../api/get-other-car-names.ts';
import { useVehicleMakes } from '../api/get-vehicle-makes.ts';
import { useVehicleModels } from '../api/get-vehicle-models.ts';
import { CatalogueFormDialog, CountryInput, DialogSelect } from './catalogue-form-dialog.tsx';

const COLUMNS = [
  'Name cars carry',
  'Cars',
  <span key="actions" className="sr-only">
    Actions
  </span>,
];

/** How a name reads: the make alone, or a make's model. */
const nameOf = (name: OtherCarName) => (name.model === null ? name.brand : `${name.brand} ${name.model}`);

/**
 * The makes and models cars carry that the catalogue lacks ("other"), the most cars first: each
 * mapped to an entry of the catalogue (it becomes an alias) or added to it; its cars are linked.
 */
export function OtherCarNames() {
  const names = useOtherCarNames();
  const [mapping, setMapping] = useState<OtherCarName | null>(null);
  const [adding, setAdding] = useState<OtherCarName | null>(null);
  const newModel = useCatalogueChange(addModel);

  if (names.isPending) return <ListSkeleton label="Loading the other names" />;
  if (names.isError)
    return (
      <ErrorState
        message={`Could not load the names. ${names.error.message}`}
        onRetry={() => names.refetch()}
      />
    );
  if (names.data.items.length === 0)
    return <EmptyState title="No other names">Every car's make and model is in the catalogue.</EmptyState>;

  const add = (name: OtherCarName) => {
    if (name.makeId === null) return setAdding(name);
    newModel.mutate(
      { makeId: name.makeId, name: name.model! },
      { onSuccess: () => toast.success(`Added ${nameOf(name)} to the catalogue`) },
    );
  };

  return (
    <>
      <StackTable caption="Names cars carry that the catalogue lacks" columns={COLUMNS}>
        {names.data.items.map((name) => (
          <StackRow key={`${name.makeId ?? 'other'}:${name.brand}:${name.model ?? ''}`}>
            <StackCell label="Name cars carry">
              <span className="font-medium">{nameOf(name)}</span>{' '}
              <span className="badge badge-sm badge-ghost">{name.model === null ? 'make' : 'model'}</span>
            </StackCell>
            <StackCell label="Cars">{name.cars}</StackCell>
            <StackCell actions>
              <button
                type="button"
                className="btn btn-outline btn-primary btn-sm flex-1 md:flex-none"
                aria-label={`Map ${nameOf(name)}`}
                onClick={() => setMapping(name)}
              >
                Map to…
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-sm flex-1 md:flex-none"
                aria-label={`Add ${nameOf(name)} to the catalogue`}
                disabled={newModel.isPending}
                onClick={() => add(name)}
              >
                Add to catalogue
              </button>
            </StackCell>
          </StackRow>
        ))}
      </StackTable>
      {mapping ? <MapDialog name={mapping} onClose={() => setMapping(null)} /> : null}
      <AddMakeDialog name={adding} onClose={() => setAdding(null)} />
    </>
  );
}

/** Maps a name to a make (or to a model of its make): the name becomes its alias, its cars are linked. */
function MapDialog({ name, onClose }: { name: OtherCarName; onClose: () => void }) {
  const makes = useVehicleMakes();
  const models = useVehicleModels(name.makeId ?? 0);
  const map = useCatalogueChange(addAlias);
  const isModel = name.makeId !== null;
  const options = isModel ? (models.data?.items ?? []) : (makes.data?.items ?? []);
  return (
    <CatalogueFormDialog
      open
      onClose={onClose}
      title={`Map “${nameOf(name)}”`}
      description={`It becomes an alias of the ${isModel ? 'model' : 'make'} you choose, and its ${name.cars} ${name.cars === 1 ? 'car shows' : 'cars show'} that name.`}
      submitLabel="Map"
      pending={map.isPending}
      onSubmit={(form) => {
        const id = Number(form.get('entry'));
        map.mutate(
          isModel
            ? { makeId: name.makeId!, modelId: id, alias: name.model! }
            : { makeId: id, alias: name.brand },
          {
            onSuccess: () => {
              toast.success(`Mapped ${nameOf(name)}`);
              onClose();
            },
          },
        );
      }}
    >
      <DialogSelect name="entry" label={isModel ? `A model of ${name.brand}` : 'A make'} options={options} />
    </CatalogueFormDialog>
  );
}

/** Adds a make cars carry to the catalogue: its country is asked. */
function AddMakeDialog({ name, onClose }: { name: OtherCarName | null; onClose: () => void }) {
  const add = useCatalogueChange(addMake);
  return (
    <CatalogueFormDialog
      open={name !== null}
      onClose={onClose}
      title={`Add “${name?.brand ?? ''}” to the catalogue`}
      description="Its cars are linked to the new make."
      submitLabel="Add the make"
      pending={add.isPending}
      onSubmit={(form) =>
        name &&
        add.mutate(
          { name: name.brand, country: String(form.get('country')).toUpperCase() },
          {
            onSuccess: (make) => {
              toast.success(`Added ${make.name} to the catalogue`);
              onClose();
            },
          },
        )
      }
    >
      <CountryInput />
    </CatalogueFormDialog>
  );
}
