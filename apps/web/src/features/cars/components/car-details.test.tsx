import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aCarDetail } from '../../../testing/fixtures/car.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { CarSummary } from './car-details.tsx';

describe("CarSummary (the car page's place)", () => {
  it('shows the city, state and ZIP code of the car, and how far its seller delivers it in miles', () => {
    renderWithProviders(<CarSummary car={aCarDetail({ deliveryRadiusKm: 160.9344 })} />);
    expect(screen.getByText('Beverly Hills, CA 90210', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Delivers within 100 mi')).toBeInTheDocument();
  });

  it('says nothing of delivery when the seller does not deliver, nor of a place the car does not have', () => {
    const { unmount } = renderWithProviders(<CarSummary car={aCarDetail()} />);
    expect(screen.getByText('Beverly Hills, CA 90210', { exact: false })).toBeInTheDocument();
    expect(screen.queryByText(/Delivers within/)).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<CarSummary car={aCarDetail({ location: null })} />);
    expect(screen.queryByText(/Beverly Hills/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Location:/)).not.toBeInTheDocument();
  });
});
