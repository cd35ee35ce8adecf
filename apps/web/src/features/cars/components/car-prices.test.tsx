/** Item 15 of issue 16: the original price is struck through, with a saving, only when it is higher. */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aCarDetail } from '../../../testing/fixtures/car.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { CarCard } from './car-card.tsx';
import { CarSummary } from './car-details.tsx';

const dearer = aCarDetail({ askingPrice: 25_000_000, originalPrice: 21_500_000 });
const same = aCarDetail({ askingPrice: 21_500_000, originalPrice: 21_500_000 });
const cheaper = aCarDetail({ askingPrice: 18_950_000, originalPrice: 21_500_000 });

describe('prices on the car card and the car page', () => {
  const views = {
    card: (car: typeof dearer) => renderWithProviders(<CarCard car={car} />),
    page: (car: typeof dearer) => renderWithProviders(<CarSummary car={car} />),
  };

  for (const [name, show] of Object.entries(views)) {
    it(`${name}: an asking price at or above the original shows no saving and strikes nothing`, () => {
      for (const car of [dearer, same]) {
        const { container, unmount } = show(car);
        expect(container.querySelector('s')).toBeNull();
        expect(container.textContent).toContain('$215,000');
        expect(container.textContent).not.toMatch(/save/i);
        unmount();
      }
    });

    it(`${name}: a lower asking price strikes the original and shows the saving`, () => {
      const { container } = show(cheaper);
      expect(within(container).getByText('$215,000').tagName).toBe('S');
      expect(screen.getByText(/save \$25,500/i)).toBeInTheDocument();
    });
  }
});
