import type { VehicleMake, VehicleModel } from '@redline/shared';
import { type ReactNode, useState } from 'react';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/ui/list-states.tsx';
import { ConfirmDialog } from '../../../components/ui/modal.tsx';
import { toast } from '../../../lib/toast.ts';
import {
  addAlias,
  addMake,
  addModel,
  changeMake,
  deleteMake,
  deleteModel,
  mergeMake,
  mergeModel,
  removeAlias,
  renameModel,
  useCatalogueChange,
} from '../api/change-vehicle-catalogue.ts';
import { useVehicleAliases } from '../api/get-vehicle-aliases.ts';
import { useVehicleMakes } from '../api/get-vehicle-makes.ts';
import { useVehicleModels } from '../api/get-vehicle-models.ts';
import { CatalogueFormDialog, CountryInput, DialogInput, DialogSelect } from './catalogue-form-dialog.tsx';

/**
 * The catalogue's makes, found by name or alias, and the one picked: its name and country, aliases
 * and models, each renamed, merged or deleted; cars follow every change on the server.
 */
export function VehicleCatalogue() {
  const [q, setQ] = useState('');
  const [picked, setPicked] = useState<VehicleMake | null>(null);
  const [adding, setAdding] = useState(false);
  const makes = useVehicleMakes(q.trim());
  const add = useCatalogueChange(addMake);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-[17rem_minmax(0,1fr)]">
      <section aria-label="Makes" className="flex flex-col gap-3">
        <label className="input input-bordered flex w-full items-center gap-2">
          <span className="sr-only">Find a make</span>
          <input
            type="search"
            className="grow"
            placeholder="Find a make or alias"
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
        </label>
        {makes.isPending ? (
          <ListSkeleton label="Loading the makes" />
        ) : makes.isError ? (
          <ErrorState
            message={`Could not load the makes. ${makes.error.message}`}
            onRetry={() => makes.refetch()}
          />
        ) : makes.data.items.length === 0 ? (
          <p className="text-sm text-base-content/75">No make is named so.</p>
        ) : (
          <ul className="max-h-72 overflow-y-auto rounded-box border border-base-300 bg-base-100 md:max-h-[32rem]">
            {makes.data.items.map((make) => (
              <li key={make.id} className="border-b border-base-300 last:border-b-0">
                <button
                  type="button"
                  aria-pressed={picked?.id === make.id}
                  className={`flex w-full items-center justify-between gap-2 px-3 py-2 text-left text-sm hover:bg-base-200 ${picked?.id === make.id ? 'bg-primary/10 font-semibold' : ''}`}
                  onClick={() => setPicked(make)}
                >
                  <span className="min-w-0 truncate">{make.name}</span>
                  <span className="shrink-0 text-xs text-base-content/60">{make.country}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setAdding(true)}>
          Add a make
        </button>
      </section>
      {picked ? (
        <MakeDetails key={picked.id} make={picked} onChanged={setPicked} />
      ) : (
        <EmptyState title="Pick a make">
          Its name, country, aliases and models show here, to rename, merge or delete.
        </EmptyState>
      )}
      <CatalogueFormDialog
        open={adding}
        onClose={() => setAdding(false)}
        title="Add a make"
        description="Cars that carry its name as “other” are linked to it."
        submitLabel="Add the make"
        pending={add.isPending}
        onSubmit={(form) =>
          add.mutate(
            { name: String(form.get('name')), country: String(form.get('country')).toUpperCase() },
            {
              onSuccess: (make) => {
                toast.success(`Added ${make.name}`);
                setAdding(false);
                setPicked(make);
              },
            },
          )
        }
      >
        <DialogInput name="name" label="Name" maxLength={60} />
        <CountryInput />
      </CatalogueFormDialog>
    </div>
  );
}

type Editing =
  | { kind: 'make' | 'merge-make' | 'delete-make' | 'add-model' | 'add-alias' }
  | { kind: 'rename-model' | 'merge-model' | 'delete-model'; model: VehicleModel };

/** One make: every change of it, each through a dialog. `onChanged`: its new state, or null once gone. */
function MakeDetails({
  make,
  onChanged,
}: {
  make: VehicleMake;
  onChanged: (make: VehicleMake | null) => void;
}) {
  const models = useVehicleModels(make.id);
  const aliases = useVehicleAliases(make.id);
  const allMakes = useVehicleMakes();
  const [editing, setEditing] = useState<Editing | null>(null);
  const change = useCatalogueChange(changeMake);
  const merge = useCatalogueChange(mergeMake);
  const remove = useCatalogueChange(deleteMake);
  const newModel = useCatalogueChange(addModel);
  const rename = useCatalogueChange(renameModel);
  const mergeOne = useCatalogueChange(mergeModel);
  const removeOne = useCatalogueChange(deleteModel);
  const newAlias = useCatalogueChange(addAlias);
  const dropAlias = useCatalogueChange(removeAlias);
  const close = () => setEditing(null);
  const done = (message: string) => {
    toast.success(message);
    close();
  };
  const modelList = models.data?.items ?? [];
  const modelName = (id: number | null) => modelList.find((model) => model.id === id)?.name;
  const editedModel = editing && 'model' in editing ? editing.model : null;

  return (
    <section aria-labelledby="make-name" className="flex min-w-0 flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3 rounded-box border border-base-300 bg-base-100 p-4">
        <div>
          <h2 id="make-name" className="text-xl font-bold tracking-tight">
            {make.name}
          </h2>
          <p className="text-sm text-base-content/70">Country: {make.country}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-sm btn-outline"
            onClick={() => setEditing({ kind: 'make' })}
          >
            Rename
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline"
            onClick={() => setEditing({ kind: 'merge-make' })}
          >
            Merge into…
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline btn-error"
            onClick={() => setEditing({ kind: 'delete-make' })}
          >
            Delete
          </button>
        </div>
      </header>

      <section aria-labelledby="aliases-heading">
        <SectionHead
          id="aliases-heading"
          action="Add an alias"
          onAction={() => setEditing({ kind: 'add-alias' })}
        >
          Aliases
        </SectionHead>
        {aliases.data?.items.length ? (
          <ul className="flex flex-wrap gap-2">
            {aliases.data.items.map((alias) => (
              <li
                key={alias.id}
                className="badge badge-lg h-auto min-h-8 max-w-full gap-1 border-base-300 bg-base-200 py-1 pe-1"
              >
                <span className="min-w-0">
                  {alias.alias}
                  {alias.modelId ? (
                    <span className="text-base-content/60"> → {modelName(alias.modelId) ?? 'a model'}</span>
                  ) : null}
                </span>
                <button
                  type="button"
                  className="btn btn-ghost btn-xs btn-circle"
                  aria-label={`Remove the alias ${alias.alias}`}
                  disabled={dropAlias.isPending}
                  onClick={() =>
                    dropAlias.mutate(
                      { makeId: make.id, aliasId: alias.id },
                      { onSuccess: () => toast.success(`Removed the alias ${alias.alias}`) },
                    )
                  }
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-base-content/70">{aliases.isPending ? 'Loading…' : 'No alias yet.'}</p>
        )}
      </section>

      <section aria-labelledby="models-heading">
        <SectionHead
          id="models-heading"
          action="Add a model"
          onAction={() => setEditing({ kind: 'add-model' })}
        >
          Models <span className="font-normal text-base-content/60">({modelList.length})</span>
        </SectionHead>
        {models.isPending ? (
          <ListSkeleton label="Loading the models" />
        ) : modelList.length === 0 ? (
          <p className="text-sm text-base-content/70">No model yet.</p>
        ) : (
          <ul className="max-h-[28rem] divide-y divide-base-300 overflow-y-auto rounded-box border border-base-300 bg-base-100">
            {modelList.map((model) => (
              <li key={model.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <span className="min-w-0 text-sm font-medium">{model.name}</span>
                <span className="flex gap-1">
                  {(['rename-model', 'merge-model', 'delete-model'] as const).map((kind) => (
                    <button
                      key={kind}
                      type="button"
                      className={`btn btn-ghost btn-xs ${kind === 'delete-model' ? 'text-error' : ''}`}
                      aria-label={`${MODEL_ACTIONS[kind]} ${model.name}`}
                      onClick={() => setEditing({ kind, model })}
                    >
                      {MODEL_ACTIONS[kind]}
                    </button>
                  ))}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <CatalogueFormDialog
        open={editing?.kind === 'make'}
        onClose={close}
        title={`Rename ${make.name}`}
        description="The old name stays as an alias; its cars show the new one."
        submitLabel="Save"
        pending={change.isPending}
        onSubmit={(form) =>
          change.mutate(
            {
              makeId: make.id,
              name: String(form.get('name')),
              country: String(form.get('country')).toUpperCase(),
            },
            {
              onSuccess: (changed) => {
                done(`Saved ${changed.name}`);
                onChanged(changed);
              },
            },
          )
        }
      >
        <DialogInput name="name" label="Name" defaultValue={make.name} maxLength={60} />
        <CountryInput defaultValue={make.country} />
      </CatalogueFormDialog>

      <CatalogueFormDialog
        open={editing?.kind === 'merge-make'}
        onClose={close}
        title={`Merge ${make.name} into…`}
        description={`${make.name}'s cars, models and aliases move to the make you choose, which keeps its name; “${make.name}” becomes one of its aliases.`}
        submitLabel="Merge"
        tone="danger"
        pending={merge.isPending}
        onSubmit={(form) =>
          merge.mutate(
            { makeId: make.id, into: Number(form.get('into')) },
            {
              onSuccess: (kept) => {
                done(`Merged ${make.name} into ${kept.name}`);
                onChanged(kept);
              },
            },
          )
        }
      >
        <DialogSelect
          name="into"
          label="The make to keep"
          options={(allMakes.data?.items ?? []).filter((other) => other.id !== make.id)}
        />
      </CatalogueFormDialog>

      <ConfirmDialog
        open={editing?.kind === 'delete-make'}
        onClose={close}
        onConfirm={() =>
          remove.mutate(
            { makeId: make.id },
            {
              onSuccess: () => {
                done(`Deleted ${make.name}`);
                onChanged(null);
              },
            },
          )
        }
        pending={remove.isPending}
        title={`Delete ${make.name}?`}
        confirmLabel="Delete the make"
      >
        <p>
          Its {modelList.length} models and its aliases go with it. Its cars keep the names they show, as
          “other”: they are listed under Other names, to map or add again. To keep its cars together with
          another make, merge it instead.
        </p>
      </ConfirmDialog>

      <CatalogueFormDialog
        open={editing?.kind === 'add-model'}
        onClose={close}
        title={`Add a model to ${make.name}`}
        description="Cars of this make that carry its name as “other” are linked to it."
        submitLabel="Add the model"
        pending={newModel.isPending}
        onSubmit={(form) =>
          newModel.mutate(
            { makeId: make.id, name: String(form.get('name')) },
            { onSuccess: (model) => done(`Added ${make.name} ${model.name}`) },
          )
        }
      >
        <DialogInput name="name" label="Name" maxLength={60} />
      </CatalogueFormDialog>

      <CatalogueFormDialog
        open={editing?.kind === 'add-alias'}
        onClose={close}
        title="Add an alias"
        description="Another name people give the make or one of its models; cars that carry it as “other” are linked."
        submitLabel="Add the alias"
        pending={newAlias.isPending}
        onSubmit={(form) => {
          const modelId = Number(form.get('modelId'));
          newAlias.mutate(
            { makeId: make.id, alias: String(form.get('alias')), ...(modelId ? { modelId } : {}) },
            { onSuccess: (alias) => done(`Added the alias ${alias.alias}`) },
          );
        }}
      >
        <DialogInput name="alias" label="Alias" maxLength={60} />
        <label className="flex flex-col gap-1 text-sm font-medium">
          Of
          <select name="modelId" className="select select-bordered w-full" defaultValue="0">
            <option value="0">{make.name} (the make)</option>
            {modelList.map((model) => (
              <option key={model.id} value={model.id}>
                {make.name} {model.name}
              </option>
            ))}
          </select>
        </label>
      </CatalogueFormDialog>

      <CatalogueFormDialog
        open={editing?.kind === 'rename-model'}
        onClose={close}
        title={`Rename ${make.name} ${editedModel?.name ?? ''}`}
        description="The old name stays as an alias; its cars show the new one."
        submitLabel="Save"
        pending={rename.isPending}
        onSubmit={(form) =>
          editedModel &&
          rename.mutate(
            { makeId: make.id, modelId: editedModel.id, name: String(form.get('name')) },
            { onSuccess: (model) => done(`Renamed to ${model.name}`) },
          )
        }
      >
        <DialogInput name="name" label="Name" defaultValue={editedModel?.name} maxLength={60} />
      </CatalogueFormDialog>

      <CatalogueFormDialog
        open={editing?.kind === 'merge-model'}
        onClose={close}
        title={`Merge ${make.name} ${editedModel?.name ?? ''} into…`}
        description="Its cars and aliases move to the model you choose, which keeps its name; this one's name becomes an alias."
        submitLabel="Merge"
        tone="danger"
        pending={mergeOne.isPending}
        onSubmit={(form) =>
          editedModel &&
          mergeOne.mutate(
            { makeId: make.id, modelId: editedModel.id, into: Number(form.get('into')) },
            { onSuccess: (kept) => done(`Merged ${editedModel.name} into ${kept.name}`) },
          )
        }
      >
        <DialogSelect
          name="into"
          label="The model to keep"
          options={modelList.filter((model) => model.id !== editedModel?.id)}
        />
      </CatalogueFormDialog>

      <ConfirmDialog
        open={editing?.kind === 'delete-model'}
        onClose={close}
        onConfirm={() =>
          editedModel &&
          removeOne.mutate(
            { makeId: make.id, modelId: editedModel.id },
            { onSuccess: () => done(`Deleted ${make.name} ${editedModel.name}`) },
          )
        }
        pending={removeOne.isPending}
        title={`Delete ${make.name} ${editedModel?.name ?? ''}?`}
        confirmLabel="Delete the model"
      >
        <p>
          Its aliases go with it. Its cars stay {make.name}s and keep the model name they show, as “other”:
          they are listed under Other names.
        </p>
      </ConfirmDialog>
    </section>
  );
}

/** A part of a make's details: its heading and the button that adds to it. */
function SectionHead({
  id,
  action,
  onAction,
  children,
}: {
  id: string;
  action: string;
  onAction: () => void;
  children: ReactNode;
}) {
  return (
    <div className="mb-2 flex items-center justify-between gap-2">
      <h3 id={id} className="font-semibold">
        {children}
      </h3>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onAction}>
        {action}
      </button>
    </div>
  );
}

const MODEL_ACTIONS = { 'rename-model': 'Rename', 'merge-model': 'Merge', 'delete-model': 'Delete' } as const;
