import type { VehicleAlias, VehicleMake, VehicleModel } from '@redline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, apiError, requests } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { VehicleCatalogue } from './vehicle-catalogue.tsx';

const mazda: VehicleMake = { id: 1, name: 'Mazda', slug: 'mazda', country: 'JP' };
const matra: VehicleMake = { id: 2, name: 'Matra', slug: 'matra', country: 'FR' };
const rx7: VehicleModel = { id: 10, makeId: 1, name: 'RX-7', slug: 'rx-7' };
const rx8: VehicleModel = { id: 11, makeId: 1, name: 'RX-8', slug: 'rx-8' };
const savanna: VehicleAlias = { id: 100, makeId: 1, modelId: 10, alias: 'Savanna' };

/** The catalogue as the server keeps it, changed by the calls the admin makes. */
function catalogue() {
  let makes = [mazda, matra];
  let models = [rx7, rx8];
  let aliases = [savanna];
  answer({
    'GET /vehicles/makes': ({ query }) => ({
      items: makes.filter((make) => make.name.toLowerCase().startsWith((query.get('q') ?? '').toLowerCase())),
    }),
    'GET /vehicles/makes/:makeId/models': ({ params }) => ({
      items: models.filter((model) => model.makeId === Number(params.makeId)),
    }),
    'GET /vehicles/makes/:makeId/aliases': ({ params }) => ({
      items: aliases.filter((alias) => alias.makeId === Number(params.makeId)),
    }),
    'PATCH /vehicles/makes/:makeId': ({ params, body }) => {
      makes = makes.map((make) => (make.id === Number(params.makeId) ? { ...make, ...body } : make));
      return makes.find((make) => make.id === Number(params.makeId))!;
    },
    'DELETE /vehicles/makes/:makeId': ({ params }) => {
      makes = makes.filter((make) => make.id !== Number(params.makeId));
      return { deletedCount: 1 };
    },
    'POST /vehicles/makes/:makeId/models/:modelId/merge': ({ params, body }) => {
      models = models.filter((model) => model.id !== Number(params.modelId));
      return models.find((model) => model.id === body.into)!;
    },
    'DELETE /vehicles/makes/:makeId/aliases/:aliasId': ({ params }) => {
      aliases = aliases.filter((alias) => alias.id !== Number(params.aliasId));
      return { deletedCount: 1 };
    },
    'POST /vehicles/makes/:makeId/aliases': apiError(
      409,
      'conflict',
      '“Matra” is another entry of the catalogue.',
    ),
  });
}

async function pickMazda() {
  renderWithProviders(<VehicleCatalogue />);
  await userEvent.type(screen.getByRole('searchbox', { name: 'Find a make' }), 'maz');
  await waitFor(() => expect(screen.queryByRole('button', { name: /Matra/ })).not.toBeInTheDocument());
  await userEvent.click(screen.getByRole('button', { name: /Mazda/ }));
  await screen.findByRole('heading', { name: 'Mazda' });
}

describe('VehicleCatalogue', () => {
  it("finds a make and shows its models and aliases, a model's alias naming its model", async () => {
    catalogue();
    await pickMazda();
    expect(await screen.findByText('RX-8')).toBeInTheDocument();
    expect(await screen.findByText('Savanna')).toBeInTheDocument();
    expect(screen.getByText('→ RX-7')).toBeInTheDocument();
  });

  it('renames a make: the new name shows, the old one kept as an alias on the server', async () => {
    catalogue();
    await pickMazda();
    await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename Mazda' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Mazda Motor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Mazda Motor' })).toBeInTheDocument();
    expect(requests().find((request) => request.method === 'PATCH')?.body).toEqual({
      name: 'Mazda Motor',
      country: 'JP',
    });
  });

  it('merges a model into another of its make', async () => {
    catalogue();
    await pickMazda();
    await userEvent.click(await screen.findByRole('button', { name: 'Merge RX-8' }));
    const dialog = screen.getByRole('dialog', { name: 'Merge Mazda RX-8 into…' });
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'The model to keep' }),
      'RX-7',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(screen.queryByText('RX-8')).not.toBeInTheDocument());
    expect(requests().find((request) => request.path.endsWith('/merge'))?.body).toEqual({ into: rx7.id });
  });

  it('deletes a make only after saying what becomes of its cars', async () => {
    catalogue();
    await pickMazda();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Mazda?' });
    expect(dialog).toHaveTextContent('Its cars keep the names they show, as “other”');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(requests().some((request) => request.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete Mazda?' })).getByRole('button', {
        name: 'Delete the make',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Pick a make' })).toBeInTheDocument();
  });

  it("removes an alias, and shows the server's refusal of a new one", async () => {
    catalogue();
    await pickMazda();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove the alias Savanna' }));
    await waitFor(() => expect(screen.queryByText('Savanna')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Add an alias' }));
    const dialog = screen.getByRole('dialog', { name: 'Add an alias' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Alias' }), 'Matra');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add the alias' }));
    expect(await screen.findByText('“Matra” is another entry of the catalogue.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add an alias' })).toBeInTheDocument();
  });
});
