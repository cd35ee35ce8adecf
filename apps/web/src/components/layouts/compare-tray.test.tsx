import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { COMPARE_STORAGE_KEY, type ComparedCar } from '../../lib/compare-list.ts';
import { renderRoutes } from '../../testing/test-utils.tsx';
import { CompareTray } from './compare-tray.tsx';

const chosen: ComparedCar[] = [
  { id: 'car-1', name: '2021 Porsche 911', photo: '/uploads/one.jpg' },
  { id: 'car-2', name: '2019 Ferrari F8 Tributo', photo: '/uploads/two.jpg' },
];
/** Renders the tray at `at`, its lazy panel loaded if it is to show. */
async function renderTray(at: string) {
  renderRoutes([{ path: '*', Component: CompareTray }], { initialEntries: [at] });
  await act(async () => {
    await import('./compare-tray-panel.tsx');
  });
}

describe('CompareTray', () => {
  it('is not there while no car is chosen', async () => {
    await renderTray('/cars');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it("shows the chosen cars and links to their comparison, with the search's place", async () => {
    window.localStorage.setItem(COMPARE_STORAGE_KEY, JSON.stringify(chosen));
    await renderTray('/cars?q=porsche&near=90210');
    const tray = await screen.findByRole('region', { name: 'Compare 2 of 4' });
    expect(within(tray).getAllByRole('listitem')).toHaveLength(2);
    expect(within(tray).getByRole('link', { name: 'Compare 2 cars side by side' })).toHaveAttribute(
      'href',
      '/compare?ids=car-1%2Ccar-2&near=90210',
    );

    await userEvent.click(
      within(tray).getByRole('button', { name: 'Remove 2021 Porsche 911 from the comparison' }),
    );
    expect(within(tray).getAllByRole('listitem')).toHaveLength(1);
    expect(within(tray).getByRole('link', { name: 'Compare 1 car side by side' })).toHaveAttribute(
      'href',
      '/compare?ids=car-2&near=90210',
    );
    await userEvent.click(within(tray).getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('is not on the comparison itself', async () => {
    window.localStorage.setItem(COMPARE_STORAGE_KEY, JSON.stringify(chosen));
    await renderTray('/compare?ids=car-1,car-2');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
