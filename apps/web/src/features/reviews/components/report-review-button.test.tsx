import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, apiError, requests } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { ReportReviewButton } from './report-review-button.tsx';

describe('ReportReviewButton', () => {
  it('names the review it reports, and says Reported when it had been reported already', async () => {
    answer({
      'POST /reviews/:id/report': apiError(409, 'conflict', 'You have already reported this review.'),
    });
    renderWithProviders(<ReportReviewButton reviewId="rv-1" buyerName="Bea Buyer" />);
    await userEvent.click(screen.getByRole('button', { name: 'Report the review by Bea Buyer' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this review' });
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'Offensive' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit report' }));

    expect(await screen.findByText('You have already reported this review.')).toBeInTheDocument();
    expect(requests().find((request) => request.method === 'POST')?.path).toBe('/reviews/rv-1/report');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Reported the review by Bea Buyer' })).toBeDisabled();
  });
});
