import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReviewSummary } from './review-summary.tsx';

describe('ReviewSummary', () => {
  it('shows the overall average in stars, the count, and each rating to one decimal', () => {
    render(
      <ReviewSummary
        summary={{ count: 12, experience: 4.8, accuracy: 4.25, communication: 4.7, overall: 4.6 }}
      />,
    );
    expect(screen.getByRole('img', { name: '4.6 out of 5 stars' })).toBeInTheDocument();
    expect(screen.getByText('12 reviews')).toBeInTheDocument();
    const figures = screen
      .getAllByRole('definition')
      .map((dd) => dd.textContent)
      .filter(Boolean);
    expect(figures).toEqual([
      'Experience: 4.8 out of 5',
      'Accuracy of the listing: 4.3 out of 5',
      'Communication: 4.7 out of 5',
    ]);
  });

  it('says there is no review yet rather than showing empty averages', () => {
    render(
      <ReviewSummary
        summary={{ count: 0, experience: null, accuracy: null, communication: null, overall: null }}
      />,
    );
    expect(screen.getByText('No reviews yet.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
