import type { SavedSearch } from '@redline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aSavedSearch } from '../../../testing/fixtures/saved-search.ts';
import { answer, apiError } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { SavedSearchesList } from './saved-searches-list.tsx';

const porsches = aSavedSearch();
const suvs = aSavedSearch({
  id: 'ss-2',
  name: 'Family SUVs',
  filters: { category: ['suv'], yearMin: 2020, verified: true },
  frequency: 'daily',
  createdAt: '2025-01-03T10:00:00.000Z',
});

/** The chips' names, as the search feature gives them (here: the filters' own values). */
const namesOf = (filters: SavedSearch['filters']) =>
  Object.entries(filters).map(([id, value]) => ({ id, label: `${id}: ${String(value)}` }));

/** The buyer's searches on the server, changed by what the page asks; `asked` holds each change asked. */
function server(initial: SavedSearch[]) {
  let items = initial;
  const asked: unknown[] = [];
  answer({
    'GET /saved-searches': () => ({ items }),
    'PATCH /saved-searches/:id': ({ params, body }) => {
      asked.push({ id: params.id, ...body });
      items = items.map((search) => (search.id === params.id ? { ...search, ...body } : search));
      return (
        items.find((search) => search.id === params.id) ??
        apiError(404, 'not_found', 'Saved search not found.')
      );
    },
    'DELETE /saved-searches/:id': ({ params }) => {
      asked.push({ deleted: params.id });
      items = items.filter((search) => search.id !== params.id);
      return { deletedCount: 1 };
    },
  });
  renderWithProviders(<SavedSearchesList namesOf={namesOf} />);
  return { asked };
}

const card = async (name: string) =>
  (await screen.findByRole('heading', { level: 2, name })).closest('li') as HTMLElement;

describe('SavedSearchesList', () => {
  it('lists each search with its filters, the day it was saved, its alerts and a link to its cars', async () => {
    server([porsches, suvs]);
    const first = await card(porsches.name);
    expect(
      within(within(first).getByRole('list', { name: 'Filters' }))
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['brand: porsche', 'fuel: Electric', 'priceMax: 10000000']);
    expect(within(first).getByText('Jan 5, 2025')).toBeInTheDocument();
    expect(
      (
        within(first).getByRole('combobox', {
          name: /^Tell me of new cars for “Porsche/,
        }) as HTMLSelectElement
      ).value,
    ).toBe('instant');
    expect(
      within(first)
        .getByRole('link', { name: /^Show cars/ })
        .getAttribute('href'),
    ).toBe('/cars?brand=porsche&fuel=Electric&priceMax=10000000');

    const second = await card('Family SUVs');
    expect((within(second).getByRole('combobox') as HTMLSelectElement).value).toBe('daily');
    expect(
      within(second)
        .getByRole('link', { name: /^Show cars/ })
        .getAttribute('href'),
    ).toBe('/cars?category=suv&yearMin=2020&verified=true');
    expect(screen.getByText('You keep 2 of 20 saved searches.')).toBeInTheDocument();
  });

  it('changes when a search tells of new cars, at once, and says so', async () => {
    const { asked } = server([porsches]);
    const select = within(await card(porsches.name)).getByRole('combobox');
    await userEvent.selectOptions(select, 'Daily digest');

    expect(
      await screen.findByText(`“${porsches.name}” tells you once a day, in a digest.`),
    ).toBeInTheDocument();
    expect(asked).toEqual([{ id: 'ss-1', frequency: 'daily' }]);
    expect((select as HTMLSelectElement).value).toBe('daily');
  });

  it('renames a search in a small dialog', async () => {
    const { asked } = server([porsches]);
    await userEvent.click(within(await card(porsches.name)).getByRole('button', { name: /^Rename/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename this search' });
    const name = await within(dialog).findByRole('textbox', { name: 'Name' });
    expect(document.activeElement).toBe(name);
    await userEvent.clear(name);
    await userEvent.type(name, 'Electric Porsches');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));

    expect(await screen.findByText('Renamed to “Electric Porsches”.')).toBeInTheDocument();
    expect(asked).toEqual([{ id: 'ss-1', name: 'Electric Porsches' }]);
    expect(await card('Electric Porsches')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('deletes a search once confirmed, and then shows a way to save one', async () => {
    const { asked } = server([porsches]);
    await userEvent.click(within(await card(porsches.name)).getByRole('button', { name: /^Delete/ }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this saved search?' });
    expect(dialog.textContent).toContain(`“${porsches.name}” will no longer tell you of new cars.`);
    // The safe choice first: keeping it deletes nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(asked).toEqual([]);

    await userEvent.click(within(await card(porsches.name)).getByRole('button', { name: /^Delete/ }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete this saved search?' })).getByRole('button', {
        name: 'Delete search',
      }),
    );
    expect(await screen.findByText(`Deleted “${porsches.name}”.`)).toBeInTheDocument();
    expect(asked).toEqual([{ deleted: 'ss-1' }]);
    await waitFor(() => expect(screen.getByText('No saved searches yet')).toBeInTheDocument());
  });

  it('shows an empty state that leads to the search', async () => {
    server([]);
    expect(await screen.findByText('No saved searches yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search cars' }).getAttribute('href')).toBe('/cars');
  });
});
