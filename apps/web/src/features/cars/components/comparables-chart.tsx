/**
 * The chart of price against mileage behind a car's market value: its comparables for sale (circles)
 * and sold (squares), this car (a diamond) and its estimate with the range (a bar at its mileage).
 * Inline SVG drawn here, no chart library (ADR 58): the server renders it, so it reads without
 * JavaScript. Its coordinates are percentages of the plot and its labels pixel offsets from them,
 * so that markers stay round and text keeps its size at any width. A screen reader reads its
 * description and the table of the same points below it.
 */
import {
  type CarComparables,
  carName,
  DEAL_RATING_LABELS,
  distanceIn,
  distanceUnit,
  formatDistance,
  formatMoney,
  formatNumber,
  type MarketValue,
  type UnitSystem,
} from '@redline/shared';
import { ChartData, ChartSvg, LegendEntry, niceTicks, ValueAxis } from '../../../components/ui/chart.tsx';
import { useUnitSystem } from '../../../lib/units.ts';

/** A price tick in whole dollars, short: "$45k", "$1.2M", "$800". */
function moneyTick(cents: number): string {
  const dollars = cents / 100;
  if (dollars >= 1_000_000) return `$${Number((dollars / 1_000_000).toFixed(2))}M`;
  if (dollars >= 1_000) return `$${Number((dollars / 1_000).toFixed(1))}k`;
  return `$${formatNumber(dollars)}`;
}

interface Point {
  key: string;
  kind: 'this' | 'for-sale' | 'sold';
  /** What the table names it. */
  label: string;
  km: number;
  price: number;
  rating: string | null;
}

function pointsOf(comparables: CarComparables, thisCarName: string): Point[] {
  return [
    {
      key: 'this',
      kind: 'this',
      label: `This car, ${thisCarName}`,
      km: comparables.car.kmDriven,
      price: comparables.car.askingPrice,
      rating: comparables.marketValue ? DEAL_RATING_LABELS[comparables.marketValue.rating] : null,
    },
    ...comparables.forSale.cars.map(
      (car): Point => ({
        key: car.id,
        kind: 'for-sale',
        label: carName(car),
        km: car.kmDriven,
        price: car.askingPrice,
        rating: car.rating ? DEAL_RATING_LABELS[car.rating] : null,
      }),
    ),
    ...comparables.sold.points.map(
      (point, i): Point => ({
        key: `sold-${i}`,
        kind: 'sold',
        label: `Sold: a ${point.year}`,
        km: point.kmDriven,
        price: point.price,
        rating: null,
      }),
    ),
  ];
}

/** The sentence a screen reader hears for the chart; the table holds every point. */
function description(points: Point[], value: MarketValue | null, system: UnitSystem): string {
  const [car] = points;
  const forSale = points.filter((p) => p.kind === 'for-sale').length;
  const sold = points.filter((p) => p.kind === 'sold').length;
  const prices = points.map((p) => p.price);
  const estimate =
    value?.estimate != null
      ? ` Its estimated market value is ${formatMoney(value.estimate)}, most between ${formatMoney(value.low!)} and ${formatMoney(value.high!)}.`
      : '';
  return `Asking and sold prices against mileage of ${forSale} comparable ${forSale === 1 ? 'car' : 'cars'} for sale and ${sold} sold, priced from ${formatMoney(Math.min(...prices))} to ${formatMoney(Math.max(...prices))}. This car: ${formatDistance(car!.km, system)} at ${formatMoney(car!.price)}.${estimate} The table after the chart lists every point.`;
}

export function ComparablesChart({
  comparables,
  carTitle,
}: {
  comparables: CarComparables;
  /** This car's name ("2022 BMW M3 Competition"). */
  carTitle: string;
}) {
  const system = useUnitSystem();
  const value = comparables.marketValue;
  const points = pointsOf(comparables, carTitle);
  const unit = distanceUnit(system);

  const distances = points.map((p) => distanceIn(p.km, system));
  const xTicks = niceTicks(0, Math.max(...distances));
  const prices = [...points.map((p) => p.price), ...(value?.low != null ? [value.low, value.high!] : [])];
  const yTicks = niceTicks(Math.min(...prices), Math.max(...prices));
  const [xMax, yLow, yHigh] = [xTicks.at(-1)!, yTicks[0]!, yTicks.at(-1)!];
  const x = (km: number) => `${(distanceIn(km, system) / xMax) * 100}%`;
  const y = (price: number) => `${((yHigh - price) / (yHigh - yLow)) * 100}%`;
  const car = points[0]!;

  return (
    <figure className="mt-5">
      <ChartSvg
        title="Price against mileage of the comparable cars"
        description={description(points, value, system)}
        width="100%"
        className="block h-64 overflow-visible pt-6 pr-6 pb-11 pl-14 text-xs sm:h-72"
        data-testid="comparables-chart"
      >
        <g className="fill-base-content/70">
          <ValueAxis ticks={yTicks} y={y} format={moneyTick} />
          {xTicks.map((tick) => (
            <text
              key={tick}
              x={`${(tick / xMax) * 100}%`}
              y="100%"
              dy="18"
              textAnchor="middle"
              className="tabular-nums"
            >
              {formatNumber(tick)}
            </text>
          ))}
          <line x1="0" x2="100%" y1="100%" y2="100%" className="stroke-base-content/30" />
          <text x="100%" y="100%" dy="36" textAnchor="end" className="font-medium">
            Mileage ({unit})
          </text>
          <text x="0" dx="-52" y="0" dy="-12" className="font-medium">
            Price
          </text>
        </g>
        <g>
          {points.map((p) =>
            p.kind === 'for-sale' ? (
              <circle key={p.key} cx={x(p.km)} cy={y(p.price)} r="5" className="fill-info stroke-base-100" />
            ) : p.kind === 'sold' ? (
              <rect
                key={p.key}
                x={x(p.km)}
                y={y(p.price)}
                width="9"
                height="9"
                transform="translate(-4.5 -4.5)"
                className="fill-accent stroke-base-100"
              />
            ) : null,
          )}
          {value?.estimate != null ? (
            <g data-testid="chart-estimate" className="fill-base-content stroke-base-content">
              <line x1={x(car.km)} x2={x(car.km)} y1={y(value.low!)} y2={y(value.high!)} strokeWidth="2" />
              {[value.low!, value.high!].map((bound) => (
                <rect
                  key={bound}
                  x={x(car.km)}
                  y={y(bound)}
                  width="14"
                  height="2"
                  transform="translate(-7 -1)"
                  className="stroke-none"
                />
              ))}
              <circle cx={x(car.km)} cy={y(value.estimate)} r="5" strokeWidth="2" className="fill-base-100" />
            </g>
          ) : null}
          <rect
            data-testid="chart-this-car"
            x={x(car.km)}
            y={y(car.price)}
            width="13"
            height="13"
            strokeWidth="2"
            // Turned about its own centre, which then sits on the point.
            style={{
              transformBox: 'fill-box',
              transformOrigin: 'center',
              transform: 'translate(-6.5px, -6.5px) rotate(45deg)',
            }}
            className="fill-primary stroke-base-100"
          />
        </g>
      </ChartSvg>
      <ChartLegend estimate={value?.estimate != null} />
      <ChartData>
        <ChartTable points={points} system={system} />
      </ChartData>
    </figure>
  );
}

function ChartLegend({ estimate }: { estimate: boolean }) {
  return (
    <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-base-content/75">
      <LegendEntry mark="size-3 rotate-45 bg-primary">This car</LegendEntry>
      <LegendEntry mark="size-3 rounded-full bg-info">For sale</LegendEntry>
      <LegendEntry mark="size-3 bg-accent">Sold</LegendEntry>
      {estimate ? (
        <LegendEntry mark="h-3 w-0.5 bg-base-content">
          Estimate and its range at this car's mileage
        </LegendEntry>
      ) : null}
    </figcaption>
  );
}

function ChartTable({ points, system }: { points: Point[]; system: UnitSystem }) {
  return (
    <table className="table table-sm">
      <caption className="sr-only">
        The chart's points: this car, then the comparables for sale and sold
      </caption>
      <thead>
        <tr>
          <th scope="col">Car</th>
          <th scope="col" className="text-right">
            Mileage
          </th>
          <th scope="col" className="text-right">
            Price
          </th>
          <th scope="col">Rating</th>
        </tr>
      </thead>
      <tbody>
        {points.map((p) => (
          <tr key={p.key} className={p.kind === 'this' ? 'font-semibold' : undefined}>
            <th scope="row" className="font-normal">
              {p.label}
            </th>
            <td className="text-right whitespace-nowrap tabular-nums">{formatDistance(p.km, system)}</td>
            <td className="text-right whitespace-nowrap tabular-nums">{formatMoney(p.price)}</td>
            <td className="whitespace-nowrap">{p.rating ?? (p.kind === 'sold' ? 'Sold' : '—')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
