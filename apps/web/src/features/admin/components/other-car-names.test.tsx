import type { OtherCarName } from '@redline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, requests } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { OtherCarNames } from './other-car-names.tsx';

const zagato: OtherCarName = { brand: 'Zagato Special', makeId: null, model: null, cars: 3 };
const fulviaZagato: OtherCarName = { brand: 'Lancia', makeId: 7, model: 'Fulvia Sport Zagato', cars: 2 };
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('OtherCarNames', () => {
  it('lists the names with their cars; mapping a model adds its alias and the list follows', async () => {
    let names = [zagato, fulviaZagato];
    answer({
      'GET /cars/other-names': () => ({ items: names }),
      'GET /vehicles/makes': { items: [] },
      'GET /vehicles/makes/:makeId/models': {
        items: [{ id: 70, makeId: 7, name: 'Fulvia', slug: 'fulvia' }],
      },
      'POST /vehicles/makes/:makeId/aliases': ({ body }) => {
        names = [zagato];
        return { id: 1, makeId: 7, modelId: body.modelId ?? null, alias: body.alias };
      },
    });
    renderWithProviders(<OtherCarNames />);
    expect(
      within(rowOf(await screen.findByText('Zagato Special').then((e) => e.textContent!))).getByText('3'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Map Lancia Fulvia Sport Zagato' }));
    const dialog = screen.getByRole('dialog', { name: 'Map “Lancia Fulvia Sport Zagato”' });
    await userEvent.selectOptions(
      await within(dialog).findByRole('combobox', { name: 'A model of Lancia' }),
      'Fulvia',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Map' }));
    await waitFor(() => expect(screen.queryByText('Lancia Fulvia Sport Zagato')).not.toBeInTheDocument());
    expect(requests().find((request) => request.method === 'POST')).toMatchObject({
      path: '/vehicles/makes/7/aliases',
      body: { alias: 'Fulvia Sport Zagato', modelId: 70 },
    });
  });

  it('adds a make to the catalogue with the country asked', async () => {
    answer({
      'GET /cars/other-names': { items: [zagato] },
      'POST /vehicles/makes': ({ body }) => ({ id: 9, slug: 'zagato-special', ...body }),
    });
    renderWithProviders(<OtherCarNames />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Zagato Special to the catalogue' }));
    const dialog = screen.getByRole('dialog', { name: 'Add “Zagato Special” to the catalogue' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Country' }), 'it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add the make' }));
    expect(await screen.findByText('Added Zagato Special to the catalogue')).toBeInTheDocument();
    expect(requests().find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Zagato Special',
      country: 'IT',
    });
  });
});
