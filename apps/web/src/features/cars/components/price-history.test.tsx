import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { PriceHistory } from './price-history.tsx';

const at = (askingPrice: number, changedAt: string) => ({ askingPrice, changedAt });
const listed = at(5_000_000, '2026-09-01T10:00:00.000Z');

/** The table's rows as text, newest first, without its header. */
const rows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('PriceHistory', () => {
  it('says since when a price that never changed was asked, without a chart or table', () => {
    const { container } = renderWithProviders(<PriceHistory history={[listed]} />);
    expect(container.textContent).toBe('Listed at $50,000 on September 1, 2026');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('lists every price with its date and change, newest first, and the change since listing', () => {
    renderWithProviders(
      <PriceHistory
        history={[
          listed,
          at(4_750_000, '2026-10-05T10:00:00.000Z'),
          at(4_500_000, '2026-11-20T10:00:00.000Z'),
        ]}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Price history' })).toBeInTheDocument();
    expect(screen.getByText('Down $5,000 (10%) since listed')).toBeInTheDocument();
    expect(rows()).toEqual([
      ['Nov 20, 2026', '$45,000', '−$2,500 (5%)'],
      ['Oct 5, 2026', '$47,500', '−$2,500 (5%)'],
      ['Sep 1, 2026', '$50,000', 'Listed'],
    ]);
  });

  it('shows a rise after a drop as such', () => {
    renderWithProviders(
      <PriceHistory
        history={[
          listed,
          at(4_500_000, '2026-10-05T10:00:00.000Z'),
          at(4_800_000, '2026-11-20T10:00:00.000Z'),
        ]}
      />,
    );
    expect(screen.getByText('Down $2,000 (4%) since listed')).toBeInTheDocument();
    expect(rows().map((row) => row[2])).toEqual(['+$3,000 (7%)', '−$5,000 (10%)', 'Listed']);
  });

  it('says so when the price came back to where it was listed', () => {
    renderWithProviders(
      <PriceHistory
        history={[
          listed,
          at(4_500_000, '2026-10-05T10:00:00.000Z'),
          at(5_000_000, '2026-11-20T10:00:00.000Z'),
        ]}
      />,
    );
    expect(screen.getByText('Back at its listed price')).toBeInTheDocument();
  });

  it('shows the listing price and the latest changes, saying how many earlier ones it leaves out', () => {
    renderWithProviders(
      <PriceHistory
        history={[
          listed,
          at(4_600_000, '2026-10-05T10:00:00.000Z'),
          at(4_400_000, '2026-11-20T10:00:00.000Z'),
        ]}
        earlierChanges={3}
      />,
    );
    expect(screen.getByText('Down $6,000 (12%) since listed')).toBeInTheDocument();
    // The change from the last price left out is not known: the first change shown does not
    // pretend it came from the listing price.
    expect(rows()).toEqual([
      ['Nov 20, 2026', '$44,000', '−$2,000 (4%)'],
      ['Oct 5, 2026', '$46,000', 'Changed'],
      ['3 earlier changes not shown'],
      ['Sep 1, 2026', '$50,000', 'Listed'],
    ]);
  });
});
