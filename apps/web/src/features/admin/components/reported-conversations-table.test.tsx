import type { ReportedConversation } from '@redline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import {
  DISMISSED_CONVERSATION_MESSAGE,
  ReportedConversationsTable,
} from './reported-conversations-table.tsx';

const reported: ReportedConversation = {
  id: 'c-1',
  carId: 'car-1',
  carName: '2021 Porsche 911 GT3',
  buyer: { name: 'Bea Buyer', email: 'bea@example.test' },
  seller: { name: 'Sam Seller', email: 'sam@example.test' },
  reports: [
    {
      reason: 'Scam or fraud',
      details: 'Asked for gift cards',
      reporterName: 'Bea Buyer',
      createdAt: '2025-01-06T10:00:00.000Z',
    },
    { reason: 'Harassment', details: '', reporterName: 'Sam Seller', createdAt: '2025-01-05T10:00:00.000Z' },
  ],
};

describe('ReportedConversationsTable', () => {
  it('shows both people, the reports, and a link to read the conversation', async () => {
    answer({ 'GET /conversations/reported': { items: [reported], nextCursor: null } });
    renderWithProviders(<ReportedConversationsTable />);

    const row = (await screen.findByText('About the 2021 Porsche 911 GT3')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('(bea@example.test)');
    expect(row.textContent).toContain('(sam@example.test)');
    const reports = within(row).getByRole('list', { name: 'Reports' });
    expect(
      within(reports)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Scam or fraudAsked for gift cardsBea Buyer'),
      expect.stringContaining('HarassmentSam Seller'),
    ]);
    expect(
      within(row)
        .getByRole('link', { name: /Read the conversation/ })
        .getAttribute('href'),
    ).toBe('/dash/messages/c-1');
  });

  it('dismisses the reports after the confirmation', async () => {
    let items = [reported];
    answer({
      'GET /conversations/reported': () => ({ items, nextCursor: null }),
      'DELETE /conversations/:id/reports': ({ params }) => {
        items = items.filter((conversation) => conversation.id !== params.id);
        return { deletedCount: 2 };
      },
    });
    renderWithProviders(<ReportedConversationsTable />);

    await userEvent.click(await screen.findByRole('button', { name: /^Dismiss reports about/ }));
    const dialog = screen.getByRole('dialog', { name: 'Dismiss these reports?' });
    expect(dialog.textContent).toContain('no longer be able to read it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss reports' }));
    expect(await screen.findByText(DISMISSED_CONVERSATION_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('No reported conversations')).toBeInTheDocument());
  });
});
