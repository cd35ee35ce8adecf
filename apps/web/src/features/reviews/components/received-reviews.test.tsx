import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aReview } from '../../../testing/fixtures/review.ts';
import { answer } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { ANSWERED_MESSAGE } from './answer-form.tsx';
import { ReceivedReviews } from './received-reviews.tsx';

describe('ReceivedReviews', () => {
  it('answers a review once: the answer shows under it and Answer goes', async () => {
    let review = aReview();
    answer({
      'GET /sellers/:id/reviews': () => ({ items: [review], nextCursor: null }),
      'POST /reviews/:id/answer': ({ body }) => {
        review = { ...review, answer: { body: body.body, answeredAt: '2026-11-22T10:00:00.000Z' } };
        return review;
      },
    });
    renderWithProviders(<ReceivedReviews sellerId="seller-sam" summary={undefined} mayAnswer />);

    await userEvent.click(await screen.findByRole('button', { name: 'Answer the review by Bea Buyer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Publish answer' }));
    expect(await screen.findByText('Write your answer')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Your answer to Bea Buyer'), 'Thank you, Bea!');
    await userEvent.click(screen.getByRole('button', { name: 'Publish answer' }));

    expect(await screen.findByText(ANSWERED_MESSAGE)).toBeInTheDocument();
    const answered = await screen.findByRole('region', { name: 'Your answer' });
    expect(within(answered).getByText('Thank you, Bea!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Answer the review/ })).toBeNull());
  });

  it("offers a dealer's salesperson no Answer: the dealer's public word is its owner's and managers'", async () => {
    answer({ 'GET /sellers/:id/reviews': { items: [aReview()], nextCursor: null } });
    renderWithProviders(<ReceivedReviews sellerId="seller-sam" summary={undefined} mayAnswer={false} />);
    expect(await screen.findByText(aReview().body)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Answer the review/ })).toBeNull();
  });
});
