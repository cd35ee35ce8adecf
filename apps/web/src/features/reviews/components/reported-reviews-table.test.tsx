import type { ReportedReview } from '@redline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aReview } from '../../../testing/fixtures/review.ts';
import { answer } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { DISMISSED_REVIEW_MESSAGE, ReportedReviewsTable } from './reported-reviews-table.tsx';

const reported: ReportedReview = {
  review: aReview(),
  sellerName: 'Sam Seller',
  reportCount: 1,
  lastReportedAt: '2026-11-21T10:00:00.000Z',
  reports: [
    {
      reason: 'Offensive',
      details: 'Insults the seller',
      reporterName: 'Sam Seller',
      createdAt: '2026-11-21T10:00:00.000Z',
    },
  ],
  moderation: [],
};

describe('ReportedReviewsTable', () => {
  it('hides a review with a note, which the log then shows; a note is required', async () => {
    let item = reported;
    let sent: unknown;
    answer({
      'GET /reviews/reported': () => ({ items: [item], nextCursor: null }),
      'PUT /reviews/:id/visibility': ({ body }) => {
        sent = body;
        item = {
          ...item,
          review: { ...item.review, hidden: true },
          moderation: [
            {
              action: 'hidden',
              note: body.note,
              adminName: 'Ada Admin',
              createdAt: '2026-11-22T10:00:00.000Z',
            },
          ],
        };
        return item.review;
      },
    });
    renderWithProviders(<ReportedReviewsTable />);

    const row = (await screen.findByText('On time, and the car was as described.')).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByRole('list', { name: 'Reports' }).textContent).toContain(
      'OffensiveInsults the seller',
    );
    await userEvent.click(
      within(row).getByRole('button', { name: 'Hide the review by Bea Buyer of Sam Seller' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Hide this review' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    expect(within(dialog).getByText('Say why')).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await userEvent.type(within(dialog).getByLabelText('Note for the log'), 'Insults, against the rules');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual({ hidden: true, note: 'Insults, against the rules' });
    const log = await screen.findByRole('list', { name: 'Moderation log' });
    expect(log.textContent).toContain('Hidden: Insults, against the rules');
    expect(
      screen.getByRole('button', { name: 'Show again the review by Bea Buyer of Sam Seller' }),
    ).toBeInTheDocument();
  });

  it('dismisses the reports after the confirmation', async () => {
    let items = [reported];
    answer({
      'GET /reviews/reported': () => ({ items, nextCursor: null }),
      'DELETE /reviews/:id/reports': () => {
        items = [];
        return { deletedCount: 1 };
      },
    });
    renderWithProviders(<ReportedReviewsTable />);
    await userEvent.click(
      await screen.findByRole('button', { name: /^Dismiss the reports of the review by Bea/ }),
    );
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Dismiss these reports?' })).getByRole('button', {
        name: 'Dismiss reports',
      }),
    );
    expect(await screen.findByText(DISMISSED_REVIEW_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('No reported reviews')).toBeInTheDocument());
  });
});
