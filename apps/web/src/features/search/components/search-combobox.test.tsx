import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { someSuggestions } from '../../../testing/fixtures/search.ts';
import { aMe } from '../../../testing/fixtures/user.ts';
import { answer, requests } from '../../../testing/network.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { SearchBox } from './search-box.tsx';
import { SearchCombobox } from './search-combobox.tsx';

const suggestions = someSuggestions([
  ['Porsche', null],
  ['Porsche 911 GT3 Touring', '911 GT3 Touring'],
  ['Porsche Taycan', 'Taycan'],
]);

function renderCombobox(onDone = vi.fn()) {
  answer({ 'GET /me': aMe(), 'GET /cars/suggest': suggestions });
  const view = renderRoutes([{ path: '*', element: <SearchCombobox onDone={onDone} /> }], {
    initialEntries: ['/blog'],
  });
  return { ...view, onDone, field: screen.getByRole('combobox', { name: 'Search cars' }) };
}

/** The queries of the suggestions asked for. */
const suggestAsked = () =>
  requests()
    .filter((request) => request.path === '/cars/suggest')
    .map((request) => request.query.toString());

describe('SearchCombobox', () => {
  it('suggests brands and models once typing pauses, asking once for what was typed', async () => {
    const { field } = renderCombobox();
    expect(field.getAttribute('aria-expanded')).toBe('false');
    await userEvent.type(field, 'pors');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(field.getAttribute('aria-expanded')).toBe('true');
    expect(field.getAttribute('aria-controls')).toBe(list.id);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'PorscheBrand · 1 for sale',
      'Porsche 911 GT3 TouringModel · 1 for sale',
      'Porsche TaycanModel · 1 for sale',
    ]);
    expect(suggestAsked()).toEqual(['q=pors']);
  });

  it('moves through the suggestions with the arrow keys and searches for the chosen one with Enter', async () => {
    const { field, pathname, search, onDone } = renderCombobox();
    await userEvent.type(field, 'pors');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const options = screen.getAllByRole('option');
    expect(field.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    expect(options[1]?.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    // Up from the first wraps to the last.
    expect(field.getAttribute('aria-activedescendant')).toBe(options[2]?.id);

    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(pathname()).toBe('/cars'));
    expect(search()).toBe('?q=Porsche+Taycan');
    expect((field as HTMLInputElement).value).toBe('Porsche Taycan');
    expect(onDone).toHaveBeenCalled();
  });

  it('searches for the typed text with Enter when no suggestion is chosen', async () => {
    const { field, pathname, search } = renderCombobox();
    await userEvent.type(field, 'red coupe{Enter}');
    await waitFor(() => expect(pathname()).toBe('/cars'));
    expect(search()).toBe('?q=red+coupe');
  });

  it('closes the list with Escape, then clears the text, then is done', async () => {
    const { field, onDone } = renderCombobox();
    await userEvent.type(field, 'pors');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect((field as HTMLInputElement).value).toBe('pors');
    await userEvent.keyboard('{Escape}');
    expect((field as HTMLInputElement).value).toBe('');
    expect(onDone).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    expect(onDone).toHaveBeenCalled();
  });

  it('searches for a suggestion clicked', async () => {
    const { field, search } = renderCombobox();
    await userEvent.type(field, 'pors');
    await userEvent.click(await screen.findByRole('option', { name: /^Porsche 911/ }));
    await waitFor(() => expect(search()).toBe('?q=Porsche+911+GT3+Touring'));
  });
});

describe('SearchBox', () => {
  it('becomes the combobox when first focused, keeping the focus', async () => {
    answer({ 'GET /me': aMe(), 'GET /cars/suggest': suggestions });
    renderRoutes([{ path: '*', element: <SearchBox /> }]);
    expect(screen.getByRole('searchbox', { name: 'Search cars' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    await userEvent.tab();
    const combobox = await screen.findByRole('combobox', { name: 'Search cars' });
    await waitFor(() => expect(document.activeElement).toBe(combobox));
    await userEvent.keyboard('pors');
    expect((combobox as HTMLInputElement).value).toBe('pors');
    expect(await screen.findByRole('option', { name: /^Porsche Taycan/ })).toBeInTheDocument();
  });

  it('opens a search row from its button on smaller screens, and closes it with Escape', async () => {
    answer({ 'GET /me': aMe() });
    renderRoutes([{ path: '*', element: <SearchBox /> }]);
    const toggle = screen.getByRole('button', { name: 'Search cars' });
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    // The large screens' field and the row's: the row's has the focus.
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('combobox'));
    await userEvent.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});
