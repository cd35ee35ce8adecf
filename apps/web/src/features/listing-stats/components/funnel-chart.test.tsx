/** A listing's funnel, from search results to leads (issue 49). */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { someCounts } from '../../../testing/fixtures/listing-stats.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { FunnelChart } from './funnel-chart.tsx';

const totals = someCounts({
  impressions: 1_240,
  views: 150,
  saves: 8,
  messages: 3,
  offers: 1,
  testDrives: 2,
});
const chart = () => screen.getByRole('img', { name: 'From search results to leads' });
const barWidth = (step: string) =>
  Number.parseFloat(
    screen.getByTestId(`funnel-${step}`).querySelectorAll('rect')[1]?.getAttribute('width') ?? '0',
  );

describe("a listing's funnel", () => {
  it('says each step with its rate from the step before, and lists them in a table', () => {
    renderWithProviders(<FunnelChart totals={totals} />);
    expect(chart()).toHaveAccessibleDescription(
      'Shown in search 1,240 times; 150 page views, 12% of impressions; 14 leads, 9% of views: 8 saves, 3 messages, 1 offer, 2 test drives. The table after the chart lists every step.',
    );
    const rows = within(screen.getByRole('table', { hidden: true }))
      .getAllByRole('row', { hidden: true })
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Step', 'Count', 'Rate'],
      ['Shown in search', '1,240', '—'],
      ['Page views', '150', '12% of impressions'],
      ['Leads', '14', '9% of views'],
      ['Saves', '8', '57% of leads'],
      ['Messages', '3', '21% of leads'],
      ['Offers', '1', '7% of leads'],
      ['Test drives', '2', '14% of leads'],
    ]);
  });

  it('draws the steps as long as their counts on one scale, the largest across, and each kind of lead as its share of the leads', () => {
    renderWithProviders(<FunnelChart totals={totals} />);
    expect(barWidth('impressions')).toBe(100);
    expect(barWidth('views')).toBeCloseTo((150 / 1_240) * 100, 5);
    expect(barWidth('leads')).toBeCloseTo((14 / 1_240) * 100, 5);
    expect(barWidth('saves')).toBeCloseTo((8 / 14) * 100, 5);
    expect(barWidth('offers')).toBeCloseTo((1 / 14) * 100, 5);
    // Too short to see: drawn at the least width that shows.
    renderWithProviders(<FunnelChart totals={someCounts({ impressions: 100_000, views: 20 })} />);
    expect(
      Number.parseFloat(
        screen.getAllByTestId('funnel-views')[1]!.querySelectorAll('rect')[1]!.getAttribute('width')!,
      ),
    ).toBe(0.75);
  });

  it('draws no bar for a step that counted nothing, and no rate after a step of nothing', () => {
    renderWithProviders(<FunnelChart totals={someCounts({ impressions: 30 })} />);
    expect(screen.getByTestId('funnel-views').querySelectorAll('rect')).toHaveLength(1);
    expect(chart()).toHaveAccessibleDescription(
      expect.stringContaining('0 page views, 0% of impressions; 0 leads, —'),
    );
  });
});
