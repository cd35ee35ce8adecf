/** The chart of price against mileage behind a car's market value (issue 48). */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aMarketValue, someComparables } from '../../../testing/fixtures/car.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { chooseUnits } from '../../../testing/units.ts';
import { ComparablesChart } from './comparables-chart.tsx';

const chart = () => screen.getByRole('img', { name: 'Price against mileage of the comparable cars' });
/** A point's place in the plot, in percent of its width and height. */
const at = (element: Element, x: string, y: string) => [
  Number.parseFloat(element.getAttribute(x)!),
  Number.parseFloat(element.getAttribute(y)!),
];
const renderChart = (comparables = someComparables()) =>
  renderWithProviders(<ComparablesChart comparables={comparables} carTitle="2021 Porsche 911 GT3 Touring" />);

describe('the chart of price against mileage', () => {
  it('places each comparable by its mileage in the visitor’s unit and its price, sold ones as squares, for sale as circles', () => {
    renderChart();
    // Miles from 0 to 20,000 (18,641 mi the farthest), prices from $160k to $240k.
    const [forSale2020, forSale2022] = chart().querySelectorAll('circle.fill-info');
    expect(at(forSale2020!, 'cx', 'cy')[0]).toBeCloseTo((12_427.4 / 20_000) * 100, 1);
    expect(at(forSale2020!, 'cx', 'cy')[1]).toBeCloseTo(((24 - 17.9) / 8) * 100, 1);
    expect(at(forSale2022!, 'cx', 'cy')[0]).toBeCloseTo((3_106.9 / 20_000) * 100, 1);
    expect(at(forSale2022!, 'cx', 'cy')[1]).toBeCloseTo(((24 - 21.5) / 8) * 100, 1);
    const sold = chart().querySelectorAll('rect.fill-accent');
    expect(sold).toHaveLength(1);
    expect(at(sold[0]!, 'x', 'y')[0]).toBeCloseTo((18_641.1 / 20_000) * 100, 1);
    expect(at(sold[0]!, 'x', 'y')[1]).toBeCloseTo(((24 - 16.5) / 8) * 100, 1);
  });

  it('marks this car, and its estimate with the range at its mileage', () => {
    renderChart();
    const car = screen.getByTestId('chart-this-car');
    expect(at(car, 'x', 'y')[0]).toBeCloseTo((7_767.1 / 20_000) * 100, 1);
    expect(at(car, 'x', 'y')[1]).toBeCloseTo(((24 - 18.95) / 8) * 100, 1);
    const range = screen.getByTestId('chart-estimate').querySelector('line')!;
    const [x] = at(car, 'x', 'y');
    const [x1, low] = at(range, 'x1', 'y1');
    const [x2, high] = at(range, 'x2', 'y2');
    expect([x1, x2]).toEqual([x, x]);
    expect(low).toBeCloseTo(((24 - 18) / 8) * 100, 5);
    expect(high).toBeCloseTo(((24 - 22.2) / 8) * 100, 5);
  });

  it('has axes with round ticks: prices in short dollars, mileage in the visitor’s unit', () => {
    renderChart();
    const labels = [...chart().querySelectorAll('text')].map((text) => text.textContent);
    expect(labels).toEqual([
      '$160k',
      '$180k',
      '$200k',
      '$220k',
      '$240k',
      '0',
      '5,000',
      '10,000',
      '15,000',
      '20,000',
      'Mileage (mi)',
      'Price',
    ]);
  });

  it('draws kilometres for a visitor who chose them', () => {
    chooseUnits('metric');
    renderChart();
    expect(chart().textContent).toContain('Mileage (km)');
    // 12,500 km on an axis to 30,000 km.
    expect(at(screen.getByTestId('chart-this-car'), 'x', 'y')[0]).toBeCloseTo((12_500 / 30_000) * 100, 1);
  });

  it('describes itself to a screen reader, and has the same points in a table', () => {
    renderChart();
    expect(chart()).toHaveAccessibleDescription(
      'Asking and sold prices against mileage of 2 comparable cars for sale and 1 sold, priced from $165,000 to $215,000. This car: 7,767 mi at $189,500. Its estimated market value is $200,000, most between $180,000 and $222,000. The table after the chart lists every point.',
    );
    const table = screen.getByRole('table', { hidden: true });
    const rows = within(table)
      .getAllByRole('row', { hidden: true })
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Car', 'Mileage', 'Price', 'Rating'],
      ['This car, 2021 Porsche 911 GT3 Touring', '7,767 mi', '$189,500', 'Good deal'],
      ['2020 Porsche 911 GT3 Touring', '12,427 mi', '$179,000', 'Great deal'],
      ['2022 Porsche 911 GT3 Touring', '3,107 mi', '$215,000', 'High price'],
      ['Sold: a 2019', '18,641 mi', '$165,000', 'Sold'],
    ]);
  });

  it('draws no estimate when there is not enough data', () => {
    renderChart(
      someComparables({
        marketValue: aMarketValue({ estimate: null, low: null, high: null, rating: 'none', comparables: 3 }),
      }),
    );
    expect(screen.getByTestId('chart-this-car')).toBeInTheDocument();
    expect(screen.queryByTestId('chart-estimate')).toBeNull();
    expect(chart()).toHaveAccessibleDescription(expect.not.stringContaining('estimated'));
  });
});
