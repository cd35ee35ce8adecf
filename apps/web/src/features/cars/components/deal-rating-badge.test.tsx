/** The deal rating beside the price on the car's page (issue 48). */
import type { MarketValue } from '@redline/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aCarDetail } from '../../../testing/fixtures/car.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { CarSummary } from './car-details.tsx';

const value = (overrides: Partial<MarketValue>): MarketValue => ({
  estimate: 23_000_000,
  low: 20_500_000,
  high: 25_800_000,
  rating: 'great',
  comparables: 14,
  family: 'model',
  area: 'region',
  fittedAt: '2026-11-29T12:00:00.000Z',
  ...overrides,
});

describe('the deal rating on the car page', () => {
  it('shows the rating beside the price, with the estimate and its range for screen readers and as a tooltip', () => {
    renderWithProviders(<CarSummary car={aCarDetail({ askingPrice: 20_000_000, marketValue: value({}) })} />);
    const badge = screen.getByText('Great deal');
    const sentence =
      'Estimated market value $230,000, most between $205,000 and $258,000, from 14 comparable cars.';
    expect(badge.textContent).toBe(`Deal rating: Great deal. ${sentence}`);
    expect(badge).toHaveAttribute('title', sentence);
    expect(badge.closest('dd')?.textContent).toContain('$200,000');
  });

  it('says when there is not enough data', () => {
    renderWithProviders(
      <CarSummary
        car={aCarDetail({
          marketValue: value({ estimate: null, low: null, high: null, rating: 'none', comparables: 2 }),
        })}
      />,
    );
    expect(screen.getByText('Not enough data').textContent).toContain(
      'Too few comparable cars to estimate its market value (2 comparable cars).',
    );
  });

  it('shows no rating for a car without a value (sold, or not fitted yet)', () => {
    const { container } = renderWithProviders(<CarSummary car={aCarDetail({ marketValue: null })} />);
    expect(container.textContent).not.toMatch(/deal rating|market value/i);
  });
});
