import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { COMPARE_STORAGE_KEY } from '../../../lib/compare-list.ts';
import { aCar } from '../../../testing/fixtures/car.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { chooseUnits } from '../../../testing/units.ts';
import { CarCard } from './car-card.tsx';

describe('CarCard', () => {
  it('shows the photo, name, both prices, mileage, the about preview and the seller', () => {
    const car = aCar();
    renderWithProviders(<CarCard car={car} />);

    const card = screen.getByRole('article');
    const img = within(card).getByRole('img', { name: '2021 Porsche 911 GT3 Touring' });
    expect(img.getAttribute('srcset')).toContain('960w');
    expect(img).toHaveAttribute('sizes');
    expect(img.getAttribute('width')).toBe('1600');

    expect(within(card).getByRole('link', { name: 'Porsche 911 GT3 Touring' }).getAttribute('href')).toBe(
      `/cars/id/${car.id}`,
    );
    expect(card.textContent).toContain('$189,500');
    const original = within(card).getByText('$215,000');
    expect(original.tagName).toBe('S');
    expect(card.textContent).toContain('7,767 mi');
    expect(card.textContent).toContain('Manual · RWD · Coupe');
    expect(within(card).getByText(`${car.about.slice(0, 100)}…`)).toBeInTheDocument();
    expect(card.textContent).toContain('Posted by');
    expect(card.textContent).toContain('Sam Seller');
    expect(within(card).getByText('Verified')).toBeInTheDocument();
  });

  it("shows the mileage in the market's miles, or in km to a visitor who chose them", () => {
    const { unmount } = renderWithProviders(<CarCard car={aCar({ kmDriven: 8_400 })} />);
    expect(screen.getByRole('article').textContent).toContain('5,220 mi');
    unmount();

    chooseUnits('metric');
    renderWithProviders(<CarCard car={aCar({ kmDriven: 8_400 })} />);
    const card = screen.getByRole('article');
    expect(card.textContent).toContain('8,400 km');
    expect(card.textContent).not.toContain('5,220 mi');
  });

  it('shows the city and state of a car with a place, small, under its specifications', () => {
    renderWithProviders(<CarCard car={aCar()} />);
    expect(screen.getByText('Beverly Hills, CA')).toBeInTheDocument();
    expect(screen.getByRole('article').textContent).toContain('Location: Beverly Hills, CA');
  });

  it('shows no place for a car posted before locations', () => {
    renderWithProviders(<CarCard car={aCar({ location: null })} />);
    expect(screen.getByRole('article').textContent).not.toContain('Location:');
  });

  it('names the car with its trim, and says only what it knows of its drive and body', () => {
    renderWithProviders(
      <CarCard
        car={aCar({ model: '911', trim: 'GT3 RS', transmission: null, drivetrain: 'RWD', bodyStyle: null })}
      />,
    );
    const card = screen.getByRole('article');
    expect(within(card).getByRole('link', { name: 'Porsche 911 GT3 RS' })).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: '2021 Porsche 911 GT3 RS' })).toBeInTheDocument();
    expect(within(card).getByText('RWD')).toBeInTheDocument();
    expect(card.textContent).not.toContain('·');
  });

  it('leaves out the verified badge for an unverified seller and marks a sold car', () => {
    renderWithProviders(
      <CarCard car={aCar({ sellerVerified: false, soldAt: '2025-04-01T00:00:00.000Z' })} />,
    );
    expect(screen.queryByText('Verified')).not.toBeInTheDocument();
    expect(screen.getByText('Sold')).toBeInTheDocument();
  });

  it("puts the car on the comparison, with its name and cover, from a toggle above the card's link", async () => {
    const car = aCar();
    renderWithProviders(<CarCard car={car} />);
    const toggle = screen.getByRole('button', { name: 'Compare 2021 Porsche 911 GT3 Touring' });
    expect(toggle).toHaveClass('z-10');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(window.localStorage.getItem(COMPARE_STORAGE_KEY) ?? '[]')).toEqual([
      { id: car.id, name: '2021 Porsche 911 GT3 Touring', photo: car.photo },
    ]);
  });

  it("shows a search's deal rating beside the price, read as a deal rating, and none for a sold car or outside a search", () => {
    const { unmount } = renderWithProviders(<CarCard car={aCar()} dealRating="great" />);
    const badge = within(screen.getByRole('article')).getByText('Great deal');
    expect(badge.textContent).toBe('Deal rating: Great deal');
    expect(badge.closest('p')?.parentElement?.textContent).toContain('$189,500');
    unmount();

    const { unmount: unmountNone } = renderWithProviders(<CarCard car={aCar()} dealRating="none" />);
    expect(screen.getByText('Not enough data').textContent).toBe('Deal rating: Not enough data');
    unmountNone();

    const { unmount: unmountSold } = renderWithProviders(
      <CarCard car={aCar({ soldAt: '2026-11-01T10:00:00.000Z' })} dealRating="great" />,
    );
    expect(screen.getByRole('article').textContent).not.toMatch(/deal rating/i);
    unmountSold();

    renderWithProviders(<CarCard car={aCar()} />);
    expect(screen.getByRole('article').textContent).not.toMatch(/deal rating/i);
  });

  it('marks a car an accepted offer reserved, and not a free one', () => {
    const { unmount } = renderWithProviders(
      <CarCard car={aCar({ reservedAt: '2025-04-01T00:00:00.000Z' })} />,
    );
    expect(screen.getByText('Reserved')).toBeInTheDocument();
    unmount();
    renderWithProviders(<CarCard car={aCar()} />);
    expect(screen.queryByText('Reserved')).not.toBeInTheDocument();
  });

  it("links the seller's name to their page", () => {
    renderWithProviders(<CarCard car={aCar()} />);
    expect(screen.getByRole('link', { name: 'Sam Seller' }).getAttribute('href')).toBe('/sellers/seller-sam');
  });

  it('says "Price dropped" while the drop is recent, and not once the price went up again', () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
    const { unmount } = renderWithProviders(<CarCard car={aCar({ priceDroppedAt: daysAgo(2) })} />);
    expect(screen.getByText('Price dropped')).toBeInTheDocument();
    unmount();
    renderWithProviders(<CarCard car={aCar({ priceDroppedAt: daysAgo(20) })} />);
    expect(screen.queryByText('Price dropped')).not.toBeInTheDocument();
    renderWithProviders(<CarCard car={aCar({ priceDroppedAt: null })} />);
    expect(screen.queryByText('Price dropped')).not.toBeInTheDocument();
  });

  it('loads the photo lazily unless it is above the fold, and the first one first', () => {
    const photo = () => screen.getByRole('img');
    const { unmount } = renderWithProviders(<CarCard car={aCar()} />);
    expect(photo().getAttribute('loading')).toBe('lazy');
    unmount();
    const eager = renderWithProviders(<CarCard car={aCar()} imageLoading="eager" />);
    expect(photo().getAttribute('loading')).toBe('eager');
    expect(photo().getAttribute('fetchpriority')).toBe('auto');
    eager.unmount();
    renderWithProviders(<CarCard car={aCar()} imageLoading="first" />);
    expect(photo().getAttribute('loading')).toBe('eager');
    expect(photo().getAttribute('fetchpriority')).toBe('high');
  });

  it("says how far the car stands from a search's place, in miles, only when the search has one", () => {
    const cases = [
      [19.4, '12 mi away'],
      [1.2, 'Under 1 mi away'],
    ] as const;
    for (const [km, text] of cases) {
      const { unmount } = renderWithProviders(<CarCard car={aCar()} distanceKm={km} />);
      expect(screen.getByRole('article')).toHaveTextContent(text);
      unmount();
    }
    renderWithProviders(<CarCard car={aCar()} distanceKm={null} />);
    expect(screen.getByRole('article')).not.toHaveTextContent(/away/);
  });
});
