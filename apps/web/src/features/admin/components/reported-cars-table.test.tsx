import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aReport, aReportedCar } from '../../../testing/fixtures/report.ts';
import { answer } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { DELETED_CAR_MESSAGE, DISMISSED_MESSAGE, ReportedCarsTable } from './reported-cars-table.tsx';

const reported = aReportedCar({
  reports: [
    aReport({ reason: 'Suspected fraud', details: 'Price too good', buyerName: 'Bea' }),
    aReport({ reason: 'Suspected fraud', buyerName: 'Ben', createdAt: '2025-01-06T10:00:00.000Z' }),
    aReport({ reason: 'Car already sold', buyerName: 'Bo', createdAt: '2025-01-05T10:00:00.000Z' }),
  ],
});

describe('ReportedCarsTable', () => {
  it('shows the car, who posted it, how many reports and their reasons', async () => {
    answer({ 'GET /reportedpost': { items: [reported], nextCursor: null } });
    renderWithProviders(<ReportedCarsTable />);

    const row = (await screen.findByText('2021 Porsche 911 GT3')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Sam Seller')).toBeInTheDocument();
    expect(within(row).getByText('3 reports')).toBeInTheDocument();
    const reasons = within(row).getByRole('list', { name: 'Reasons' });
    expect(within(reasons).getByText('Suspected fraud ×2')).toBeInTheDocument();
    expect(within(reasons).getByText('Car already sold')).toBeInTheDocument();
    expect(within(row).getByText('Price too good')).toBeInTheDocument();
    expect(
      within(row)
        .getByRole('link', { name: /View Details/ })
        .getAttribute('href'),
    ).toBe('/cars/id/car-1');
  });

  it("counts every report's reason and says how many of them it shows", async () => {
    const many = aReportedCar({
      reportCount: 14,
      reasons: [
        { reason: 'Misleading information', count: 9 },
        { reason: 'Suspected fraud', count: 5 },
      ],
      reports: [aReport({ reason: 'Suspected fraud', details: 'Price too good', buyerName: 'Bea' })],
    });
    answer({ 'GET /reportedpost': { items: [many], nextCursor: null } });
    renderWithProviders(<ReportedCarsTable />);

    const row = (await screen.findByText('2021 Porsche 911 GT3')).closest('tr') as HTMLElement;
    expect(within(row).getByText('14 reports')).toBeInTheDocument();
    const reasons = within(row).getByRole('list', { name: 'Reasons' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Misleading information ×9', 'Suspected fraud ×5']);
    expect(within(row).getByText('The latest 1 of 14')).toBeInTheDocument();
  });

  it('deletes the car after the confirmation', async () => {
    let items = [reported];
    answer({
      'GET /reportedpost': () => ({ items, nextCursor: null }),
      'DELETE /reportedpost/:carId': ({ params }) => {
        items = items.filter((car) => car.id !== params.carId);
        return { deletedCount: 1 };
      },
    });
    renderWithProviders(<ReportedCarsTable />);

    await userEvent.click(await screen.findByRole('button', { name: /^Delete Post/ }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this post?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Post' }));
    expect(await screen.findByText(DELETED_CAR_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Nothing reported')).toBeInTheDocument());
  });

  it('dismisses unfounded reports', async () => {
    let items = [reported];
    answer({
      'GET /reportedpost': () => ({ items, nextCursor: null }),
      'POST /reportedpost/:carId/dismiss': ({ params }) => {
        items = items.filter((car) => car.id !== params.carId);
        return { deletedCount: 3 };
      },
    });
    renderWithProviders(<ReportedCarsTable />);

    await userEvent.click(await screen.findByRole('button', { name: /^Dismiss reports/ }));
    const dialog = screen.getByRole('dialog', { name: 'Dismiss these reports?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss reports' }));
    expect(await screen.findByText(DISMISSED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('2021 Porsche 911 GT3')).not.toBeInTheDocument());
  });
});
