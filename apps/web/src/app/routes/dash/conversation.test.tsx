import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anOffer } from '../../../testing/fixtures/offer.ts';
import { aMe } from '../../../testing/fixtures/user.ts';
import { layoutAnswers } from '../../../testing/layout-answers.ts';
import { answer, apiError } from '../../../testing/network.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { routes } from '../../router.tsx';

const conversation = {
  id: 'c-1',
  carId: 'car-1',
  carName: '2021 Porsche 911 GT3',
  carPhoto: '/uploads/car-1-480.webp',
  otherParty: { id: 'u-seller', name: 'Sam Seller', verified: true },
  lastMessage: { body: 'Original, never tracked.', sentAt: '2025-01-05T11:00:00.000Z', fromMe: false },
  unread: 1,
};

describe('a conversation', () => {
  it('is listed with what is unread, shows its messages oldest first, and sends a reply', async () => {
    const items = [
      {
        id: 'm-2',
        body: 'Original, never tracked.',
        sentAt: '2025-01-05T11:00:00.000Z',
        fromMe: false,
        offerId: null,
      },
      {
        id: 'm-1',
        body: 'Is the clutch original?',
        sentAt: '2025-01-05T10:00:00.000Z',
        fromMe: true,
        offerId: null,
      },
    ];
    const sent: unknown[] = [];
    answer({
      ...layoutAnswers(aMe()),
      'GET /conversations': { items: [conversation], nextCursor: null },
      'GET /conversations/:id/messages': () => ({
        conversation: { ...conversation, unread: 0 },
        participants: null,
        items,
        nextCursor: null,
      }),
      'POST /conversations/:id/messages': (request) => {
        const { body } = request.body;
        sent.push(body);
        items.unshift({
          id: `m-${items.length + 1}`,
          body,
          sentAt: '2025-01-05T12:00:00.000Z',
          fromMe: true,
          offerId: null,
        });
        return { id: 'm-3' };
      },
    });
    const { pathname } = renderRoutes(routes, { initialEntries: ['/dash/messages'] });

    const row = await screen.findByRole('link', { name: /Sam Seller/ });
    expect(row.textContent).toContain('1 unread');
    expect(within(row).getByText('Original, never tracked.')).toBeInTheDocument();
    await userEvent.click(row);
    await waitFor(() => expect(pathname()).toBe('/dash/messages/c-1'));

    const messages = await screen.findByRole('list', { name: 'Messages' });
    expect(
      within(messages)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^You: Is the clutch original\?/),
      expect.stringMatching(/^Sam Seller: Original, never tracked\./),
    ]);
    await userEvent.type(screen.getByLabelText('Your message to Sam Seller'), 'Can I see it on Saturday?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(messages).getAllByRole('listitem')).toHaveLength(3));
    expect(sent).toEqual(['Can I see it on Saturday?']);
    expect((screen.getByLabelText('Your message to Sam Seller') as HTMLTextAreaElement).value).toBe('');
  });

  it('reports the conversation through a dialog that says the admins will read it, then shows it reported', async () => {
    const reports: unknown[] = [];
    answer({
      ...layoutAnswers(aMe()),
      'GET /conversations/:id/messages': { conversation, participants: null, items: [], nextCursor: null },
      'POST /conversations/:id/report': ({ body }) => {
        reports.push(body);
        return { id: 'r-1' };
      },
    });
    renderRoutes(routes, { initialEntries: ['/dash/messages/c-1'] });

    await userEvent.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this conversation' });
    expect(dialog.textContent).toContain('The admins will be able to read this conversation.');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Submit report' }));
    // The error, not the list's "Choose a reason" placeholder: what the list is described by.
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription('Choose a reason'),
    );
    expect(reports).toEqual([]);

    await userEvent.selectOptions(within(dialog).getByLabelText('Reason'), 'Other');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit report' }));
    expect(await within(dialog).findByText('Tell us what is wrong')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Details'), 'Asked me to pay outside Redline.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit report' }));

    expect(await screen.findByText('Thanks: the admins will review this conversation.')).toBeInTheDocument();
    expect(reports).toEqual([{ reason: 'Other', details: 'Asked me to pay outside Redline.' }]);
    expect(await screen.findByRole('button', { name: 'Reported' })).toBeDisabled();
  });

  it('says so when the report fails, and stays open', async () => {
    answer({
      ...layoutAnswers(aMe()),
      'GET /conversations/:id/messages': { conversation, participants: null, items: [], nextCursor: null },
      'POST /conversations/:id/report': apiError(500, 'internal', 'Something went wrong.'),
    });
    renderRoutes(routes, { initialEntries: ['/dash/messages/c-1'] });

    await userEvent.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this conversation' });
    await userEvent.selectOptions(await within(dialog).findByLabelText('Reason'), 'Spam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit report' }));
    expect(await screen.findByText(/Something went wrong/)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Report this conversation' })).toBeInTheDocument();
  });

  it('lets an admin read a reported conversation, naming both people with their roles, without a composer or a Report button', async () => {
    answer({
      ...layoutAnswers(aMe({ role: 'Admin', name: 'Ada Admin' })),
      'GET /conversations/:id/messages': {
        conversation,
        participants: {
          buyer: { id: 'u-buyer', name: 'Bea Buyer', verified: false },
          seller: { id: 'u-seller', name: 'Sam Seller', verified: true },
        },
        items: [
          {
            id: 'm-2',
            body: 'Pay by gift card.',
            sentAt: '2025-01-05T10:05:00.000Z',
            fromMe: false,
            offerId: null,
          },
          {
            id: 'm-1',
            body: 'Is it still for sale?',
            sentAt: '2025-01-05T10:00:00.000Z',
            fromMe: true,
            offerId: null,
          },
        ],
        nextCursor: null,
      },
    });
    renderRoutes(routes, { initialEntries: ['/dash/messages/c-1'] });

    expect(await screen.findByText('Pay by gift card.')).toBeInTheDocument();
    expect(screen.getByText(/^Between/).textContent).toMatch(
      /^Between Bea Buyer \(buyer\) and Sam Seller.* \(seller\)$/,
    );
    expect(
      within(screen.getByRole('list', { name: 'Messages' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^Bea Buyer \(buyer\): Is it still for sale\?/),
      expect.stringMatching(/^Sam Seller \(seller\): Pay by gift card\./),
    ]);
    expect(screen.getByRole('note').textContent).toContain('Admins cannot write here.');
    expect(screen.queryByLabelText(/Your message/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });
});

describe('an offer in a conversation (issue 48)', () => {
  it("shows each move among the messages, and the seller's answers on their turn beside the thread", async () => {
    let offer = anOffer({ conversationId: 'c-1', side: 'seller' });
    const items = [
      {
        id: 'm-2',
        body: 'Offered $180,000.\n\nCash this week.',
        sentAt: '2025-01-05T11:00:00.000Z',
        fromMe: false,
        offerId: offer.id,
      },
      {
        id: 'm-1',
        body: 'Is the clutch original?',
        sentAt: '2025-01-05T10:00:00.000Z',
        fromMe: false,
        offerId: null,
      },
    ];
    answer({
      ...layoutAnswers(aMe({ role: 'Seller', name: 'Sam Seller' })),
      'GET /conversations/:id/messages': () => ({
        conversation: { ...conversation, otherParty: { id: 'u-buyer', name: 'Bea Buyer', verified: false } },
        participants: null,
        items,
        nextCursor: null,
      }),
      'GET /offers/:id': () => offer,
      'POST /offers/:id/answer': () => {
        offer = { ...offer, status: 'accepted', turn: null, expiresAt: null };
        items.unshift({
          id: 'm-3',
          body: 'Accepted $180,000: the car is reserved for the buyer.',
          sentAt: '2025-01-05T12:00:00.000Z',
          fromMe: true,
          offerId: offer.id,
        });
        return offer;
      },
    });
    renderRoutes(routes, { initialEntries: ['/dash/messages/c-1'] });

    const messages = await screen.findByRole('list', { name: 'Messages' });
    expect(
      within(messages)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^Bea Buyer: Is the clutch original\?/),
      expect.stringMatching(/^Bea Buyer: OfferOffered \$180,000\./),
    ]);
    const panel = await screen.findByRole('region', { name: 'Offer' });
    expect(within(panel).getByText('Your answer')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Accept $180,000' }));
    expect(await within(panel).findByText('Accepted: car reserved')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Release the reservation' })).toBeInTheDocument();
    await waitFor(() => expect(within(messages).getAllByRole('listitem')).toHaveLength(3));
  });
});
