import type { ContactMessage } from '@redline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, requests } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { ContactInbox } from './contact-inbox.tsx';

const message = (overrides: Partial<ContactMessage> = {}): ContactMessage => ({
  id: 'm-1',
  name: 'Vera Visitor',
  email: 'vera@example.com',
  message: 'Do you ship cars abroad?\nWe are in Lyon.',
  createdAt: '2025-01-05T10:00:00.000Z',
  handledAt: null,
  handledBy: null,
  ...overrides,
});

describe('ContactInbox', () => {
  it('lists the open messages with a reply by e-mail, and marks one handled', async () => {
    const messages = [
      message(),
      message({
        id: 'm-0',
        name: 'Old Visitor',
        handledAt: '2025-01-04T09:00:00.000Z',
        handledBy: 'Ada Admin',
      }),
    ];
    answer({
      'GET /contact': ({ query }) => {
        const status = query.get('status');
        const items = messages.filter((m) => !status || (status === 'open') === (m.handledAt === null));
        return { items, nextCursor: null };
      },
      'PATCH /contact/:id': () => {
        const handled = message({ handledAt: '2025-01-06T09:00:00.000Z', handledBy: 'Ada Admin' });
        messages[0] = handled;
        return handled;
      },
    });
    const sent = (method: string) => requests().filter((request) => request.method === method);
    renderWithProviders(<ContactInbox />);

    const card = await screen.findByRole('article', { name: 'Message from Vera Visitor' });
    expect(screen.queryByRole('article', { name: 'Message from Old Visitor' })).not.toBeInTheDocument();
    expect(within(card).getByText(/Do you ship cars abroad\?/)).toBeInTheDocument();
    const reply = within(card).getByRole('link', { name: 'Reply by e-mail' }).getAttribute('href')!;
    expect(
      reply.startsWith('mailto:vera%40example.com?subject=Re%3A%20your%20message%20to%20Redline&body='),
    ).toBe(true);
    expect(decodeURIComponent(reply.split('body=')[1]!)).toBe(
      '\n\nOn January 5, 2025, you wrote:\n> Do you ship cars abroad?\n> We are in Lyon.',
    );

    await userEvent.click(within(card).getByRole('button', { name: 'Mark handled' }));
    expect(await screen.findByText('Inbox zero')).toBeInTheDocument();
    expect(sent('PATCH').map(({ path, body }) => [path, body])).toEqual([
      ['/contact/m-1', { handled: true }],
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Handled' }));
    const handled = await screen.findByRole('article', { name: 'Message from Vera Visitor' });
    expect(within(handled).getByText(/Handled by Ada Admin on/)).toBeInTheDocument();
    expect(within(handled).getByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    await waitFor(() => expect(sent('GET').map(({ query }) => query.get('status'))).toContain('handled'));
  });
});
