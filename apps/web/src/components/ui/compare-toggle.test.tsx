import { COMPARE_MAX } from '@redline/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { COMPARE_FULL_MESSAGE, COMPARE_STORAGE_KEY, type ComparedCar } from '../../lib/compare-list.ts';
import { renderWithProviders } from '../../testing/test-utils.tsx';
import { CompareToggle } from './compare-toggle.tsx';

const carNumber = (n: number): ComparedCar => ({
  id: `5f0c1a9e-0000-4000-8000-00000000000${n}`,
  name: `202${n} Porsche 911`,
  photo: `/uploads/car-${n}.jpg`,
});
const stored = () => JSON.parse(window.localStorage.getItem(COMPARE_STORAGE_KEY) ?? '[]');

function renderToggles(count: number) {
  const cars = Array.from({ length: count }, (_, i) => carNumber(i + 1));
  renderWithProviders(
    <div>
      {cars.map((car) => (
        <CompareToggle key={car.id} car={car} />
      ))}
    </div>,
  );
  return cars.map((car) => screen.getByRole('button', { name: `Compare ${car.name}` }));
}

describe('CompareToggle', () => {
  it('chooses a car and takes it off again, as a pressed toggle, kept in localStorage', async () => {
    const [toggle] = renderToggles(1);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(toggle!);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(stored()).toEqual([carNumber(1)]);

    await userEvent.click(toggle!);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(stored()).toEqual([]);
  });

  it(`refuses a car past ${COMPARE_MAX}, saying why, and takes one once another is off`, async () => {
    const toggles = renderToggles(COMPARE_MAX + 1);
    for (const toggle of toggles.slice(0, COMPARE_MAX)) await userEvent.click(toggle);

    const fifth = toggles[COMPARE_MAX]!;
    await userEvent.click(fifth);
    expect(await screen.findByText(COMPARE_FULL_MESSAGE)).toBeInTheDocument();
    expect(fifth).toHaveAttribute('aria-pressed', 'false');
    expect(stored()).toHaveLength(COMPARE_MAX);

    await userEvent.click(toggles[0]!);
    await userEvent.click(fifth);
    expect(fifth).toHaveAttribute('aria-pressed', 'true');
    expect(stored().map((car: ComparedCar) => car.id)).toEqual([2, 3, 4, 5].map((n) => carNumber(n).id));
  });

  it('shows the cars chosen on an earlier visit, and a choice made in another tab', () => {
    window.localStorage.setItem(COMPARE_STORAGE_KEY, JSON.stringify([carNumber(2)]));
    const [first, second] = renderToggles(2);
    expect(first).toHaveAttribute('aria-pressed', 'false');
    expect(second).toHaveAttribute('aria-pressed', 'true');

    act(() => {
      window.localStorage.setItem(COMPARE_STORAGE_KEY, JSON.stringify([carNumber(1)]));
      window.dispatchEvent(new StorageEvent('storage', { key: COMPARE_STORAGE_KEY }));
    });
    expect(first).toHaveAttribute('aria-pressed', 'true');
    expect(second).toHaveAttribute('aria-pressed', 'false');
  });

  it('renders on the server as not chosen, whatever is stored, so that hydration agrees', () => {
    window.localStorage.setItem(COMPARE_STORAGE_KEY, JSON.stringify([carNumber(1)]));
    const html = renderToString(<CompareToggle car={carNumber(1)} />);
    expect(html).toContain('aria-pressed="false"');
  });

  it('ignores a stored list it cannot read', () => {
    window.localStorage.setItem(COMPARE_STORAGE_KEY, '{not json');
    const [toggle] = renderToggles(1);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });
});
