import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, requests } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { CONVERSATION_REPORTED_MESSAGE, ReportConversationButton } from './report-conversation-button.tsx';

const conversationId = 'c-1';

describe('ReportConversationButton', () => {
  it('chooses the reason from a list, asks for details with Other, sends them, toasts and says Reported', async () => {
    answer({ 'POST /conversations/:id/report': { id: 'r-1' } });
    renderWithProviders(<ReportConversationButton conversationId={conversationId} />);
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this conversation' });
    const reason = await within(dialog).findByRole('combobox', { name: 'Reason' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit report' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Choose a reason'));

    await userEvent.selectOptions(reason, 'Other');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit report' }));
    expect(await within(dialog).findByText('Tell us what is wrong')).toBeInTheDocument();
    expect(requests().filter((request) => request.method === 'POST')).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Details'), 'Asked for gift cards');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit report' }));
    expect(await screen.findByText(CONVERSATION_REPORTED_MESSAGE)).toBeInTheDocument();
    const sent = requests().find((request) => request.method === 'POST');
    expect(sent?.path).toBe(`/conversations/${conversationId}/report`);
    expect(sent?.body).toEqual({ reason: 'Other', details: 'Asked for gift cards' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Reported' })).toBeDisabled();
  });
});
