/** The chart of page views and leads per day (issue 49). */
import { screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { someDays } from '../../../testing/fixtures/listing-stats.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { DailyChart } from './daily-chart.tsx';

const chart = () => screen.getByRole('img', { name: 'Page views and leads per day' });
const rows = () =>
  within(screen.getByRole('table', { hidden: true }))
    .getAllByRole('row', { hidden: true })
    .map((row) => [...row.children].map((cell) => cell.textContent));

describe('the chart of views and leads per day', () => {
  it('describes its days to a screen reader, and has every day in a table: views, leads and times shown', () => {
    renderWithProviders(<DailyChart days={someDays()} />);
    expect(chart()).toHaveAccessibleDescription(
      '17 page views and 1 lead over 30 days, from Oct 31 to Nov 29; the most views in a day, 12, on Nov 29. The table after the chart lists every day.',
    );
    const table = rows();
    expect(table).toHaveLength(31);
    expect(table[0]).toEqual(['Day', 'Shown in search', 'Page views', 'Leads']);
    expect(table[1]).toEqual(['Oct 31', '0', '0', '0']);
    expect(table[5]).toEqual(['Nov 4', '40', '5', '1']);
    expect(table[30]).toEqual(['Nov 29', '0', '12', '0']);
  });

  it('draws a bar for each day with views, as tall as its views on a round count axis', () => {
    renderWithProviders(<DailyChart days={someDays()} />);
    const bars = screen.getByTestId('daily-chart-views').querySelectorAll('rect');
    expect([...bars].map((bar) => bar.querySelector('title')?.textContent)).toEqual([
      'Nov 4: 5 views',
      'Nov 29: 12 views',
    ]);
    // The axis runs to 15 (ticks 0, 5, 10, 15): 12 views reach 80% of the way up.
    expect(Number.parseFloat(bars[1]!.getAttribute('height')!)).toBeCloseTo(80, 5);
    expect(Number.parseFloat(bars[1]!.getAttribute('y')!)).toBeCloseTo(20, 5);
    const labels = [...chart().querySelectorAll('text')].map((text) => text.textContent);
    expect(labels.slice(0, 4)).toEqual(['0', '5', '10', '15']);
  });

  it('labels a day in six on a phone, a day in three on wider screens, ending today', () => {
    renderWithProviders(<DailyChart days={someDays()} />);
    const days = [...chart().querySelectorAll('text')].filter((text) =>
      /^[A-Z]/.test(text.textContent ?? ''),
    );
    const phone = days.filter((text) => !text.classList.contains('hidden'));
    expect(phone.map((text) => text.textContent)).toEqual(['Nov 5', 'Nov 11', 'Nov 17', 'Nov 23', 'Nov 29']);
    expect(days).toHaveLength(10);
  });

  it('draws the leads as bars under the views, on their own axis, so that a few leads beside hundreds of views show', () => {
    renderWithProviders(
      <DailyChart
        days={someDays((i) =>
          i === 0 ? { views: 400, saves: 2, offers: 1 } : i === 1 ? { views: 300, messages: 4 } : {},
        )}
      />,
    );
    const bars = [...screen.getByTestId('daily-chart-leads').querySelectorAll('rect')];
    expect(bars.map((bar) => bar.querySelector('title')?.textContent)).toEqual([
      'Oct 31: 3 leads',
      'Nov 1: 4 leads',
    ]);
    // The leads' axis runs to 4, not to the views' 400: 3 leads are three quarters of their panel.
    expect(Number.parseFloat(bars[0]!.getAttribute('height')!)).toBeCloseTo(75, 5);
    expect(Number.parseFloat(bars[1]!.getAttribute('height')!)).toBeCloseTo(100, 5);
    const leadAxis = bars[0]!.closest('svg')!.querySelectorAll('text');
    expect([...leadAxis].map((text) => text.textContent)).toEqual(['0', '4']);
  });

  it('names each bar as the server writes it, so that the page hydrates as it was sent', () => {
    // The server writes a <title>'s text only when it is one string: several would leave it empty.
    const html = renderToString(<DailyChart days={someDays()} />);
    expect(html).toContain('<title>Nov 4: 5 views</title>');
    expect(html).toContain('<title>Nov 29: 12 views</title>');
  });

  it('says there was nothing when no one saw the cars', () => {
    renderWithProviders(<DailyChart days={someDays(() => ({}))} />);
    expect(chart()).toHaveAccessibleDescription('No page views or leads in the 30 days shown.');
    expect(screen.getByTestId('daily-chart-views').querySelectorAll('rect')).toHaveLength(0);
  });
});
