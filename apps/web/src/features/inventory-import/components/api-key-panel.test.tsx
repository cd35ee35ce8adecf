import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, requests } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { ApiKeyPanel } from './api-key-panel.tsx';

const KEPT = { prefix: 'rdk_AbC1', createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: null };
const sent = (method: string) => requests().filter((request) => request.method === method);

async function tickDeclarations() {
  for (const checkbox of screen.getAllByRole('checkbox')) await userEvent.click(checkbox);
}

describe('ApiKeyPanel', () => {
  it('makes a key only with the declarations, and shows it once with a copy button', async () => {
    answer({
      'GET /dealer/api-key': () => (sent('POST').length > 0 ? KEPT : null),
      'POST /dealer/api-key': { key: 'rdk_AbC1secret', createdAt: '2026-11-30T08:00:00.000Z' },
    });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeyPanel />);
    expect(await screen.findByText(/You have no API key/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make a key' }));
    await user.click(screen.getByRole('button', { name: 'Make the key' }));
    expect(await screen.findAllByText('You must confirm this declaration')).toHaveLength(4);
    expect(sent('POST')).toEqual([]);

    await tickDeclarations();
    await user.click(screen.getByRole('button', { name: 'Make the key' }));
    const shown = await screen.findByRole('alert');
    expect(within(shown).getByText('rdk_AbC1secret')).toBeInTheDocument();
    expect(within(shown).getByText(/it is not shown again/)).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('rdk_AbC1secret');
    expect(await screen.findByText('rdk_AbC1…')).toBeInTheDocument();
    expect(screen.getByText('Never')).toBeInTheDocument();

    await user.click(within(shown).getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByText('rdk_AbC1secret')).not.toBeInTheDocument();
  });

  it('makes a new key in place of the old only once confirmed', async () => {
    answer({
      'GET /dealer/api-key': KEPT,
      'POST /dealer/api-key': { key: 'rdk_NeW2secret', createdAt: '2026-11-30T08:00:00.000Z' },
    });
    renderWithProviders(<ApiKeyPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Make a new key' }));
    await tickDeclarations();
    await userEvent.click(screen.getByRole('button', { name: 'Make the new key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a new key?' });
    expect(dialog).toHaveTextContent('The key you have now stops working at once');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(sent('POST')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Make the new key' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Make a new key?' })).getByRole('button', {
        name: 'Make a new key',
      }),
    );
    expect(await screen.findByText('rdk_NeW2secret')).toBeInTheDocument();
    expect(sent('POST')).toHaveLength(1);
  });

  it('revokes the key only once confirmed', async () => {
    answer({
      'GET /dealer/api-key': () => (sent('DELETE').length > 0 ? null : KEPT),
      'DELETE /dealer/api-key': { deletedCount: 1 },
    });
    renderWithProviders(<ApiKeyPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke your API key?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(sent('DELETE')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Revoke your API key?' })).getByRole('button', {
        name: 'Revoke',
      }),
    );
    expect(await screen.findByText('Your API key is revoked')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/You have no API key/)).toBeInTheDocument());
  });
});
