/**
 * A car's asking prices since it was listed: a step chart (inline SVG drawn here, no chart library)
 * over a table of the changes, which is what screen readers read. A price that never changed is one
 * line saying since when.
 */
import type { CarDetail } from '@redline/shared';
import { formatMoney } from '@redline/shared';
import { Fragment } from 'react';
import { LocalDate } from '../../../components/ui/local-date.tsx';
import { usePageTime } from '../../../lib/page-time.ts';

type PricePoint = CarDetail['priceHistory'][number];

/**
 * `history`: oldest first, the first entry the price at listing, then the latest changes
 * (`CarDetail.priceHistory`); `earlierChanges` the changes between the two that the page leaves out.
 */
export function PriceHistory({
  history,
  earlierChanges = 0,
}: {
  history: PricePoint[];
  earlierChanges?: number;
}) {
  const first = history[0];
  const last = history.at(-1);
  if (!first || !last) return null;
  if (history.length === 1) {
    return (
      <p className="text-sm text-base-content/70">
        Listed at <span className="font-semibold text-base-content">{formatMoney(first.askingPrice)}</span> on{' '}
        <LocalDate value={first.changedAt} style="long" />
      </p>
    );
  }
  return (
    <section
      aria-labelledby="price-history-title"
      className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="price-history-title" className="text-xl font-bold tracking-tight">
          Price history
        </h2>
        <SinceListed listed={first.askingPrice} current={last.askingPrice} />
      </div>
      {/* With changes left out, the chart draws the latest ones, whose steps it knows. */}
      <PriceChart history={earlierChanges > 0 ? history.slice(1) : history} />
      <PriceTable history={history} earlierChanges={earlierChanges} />
    </section>
  );
}

function percentOf(change: number, base: number): string {
  return `${Math.round((Math.abs(change) / base) * 100)}%`;
}

function SinceListed({ listed, current }: { listed: number; current: number }) {
  const change = current - listed;
  if (change === 0) return <p className="text-sm text-base-content/70">Back at its listed price</p>;
  const word = change < 0 ? 'Down' : 'Up';
  return (
    <p className={`text-sm font-semibold ${change < 0 ? 'text-success' : 'text-base-content/70'}`}>
      {word} {formatMoney(Math.abs(change))} ({percentOf(change, listed)}) since listed
    </p>
  );
}

/**
 * The step chart: each price holds from its change until the next, the last until the page's time.
 * The SVG stretches to its box (the line keeps its width); labels and dots are HTML over it, so
 * they keep their size at any width. Hidden from screen readers, which read the table.
 */
function PriceChart({ history }: { history: PricePoint[] }) {
  const now = usePageTime();
  const times = history.map((point) => Date.parse(point.changedAt));
  const prices = history.map((point) => point.askingPrice);
  const start = times[0] ?? now;
  const span = Math.max(now, times.at(-1) ?? now) - start || 1;
  const high = Math.max(...prices);
  const low = Math.min(...prices);
  const margin = (high - low) * 0.3 || high * 0.05 || 1;
  const x = (time: number) => ((time - start) / span) * 100;
  const y = (price: number) => ((high + margin - price) / (high - low + 2 * margin)) * 100;
  const points = history.map((point, i) => ({
    at: point.changedAt,
    x: x(times[i] ?? start),
    y: y(point.askingPrice),
  }));
  const steps = points.map(({ x: px, y: py }, i) => (i === 0 ? `M0 ${py}` : `H${px} V${py}`)).join(' ');
  const line = `${steps} H100`;
  const levels = [...new Set([high, low])];

  return (
    <div aria-hidden="true" className="mt-5 grid grid-cols-[auto_1fr] gap-x-3">
      <div className="relative w-16 text-right text-xs tabular-nums text-base-content/70">
        {levels.map((price) => (
          <span key={price} className="absolute right-0 -translate-y-1/2" style={{ top: `${y(price)}%` }}>
            {formatMoney(price)}
          </span>
        ))}
      </div>
      <div className="relative h-36 sm:h-44">
        <svg
          aria-hidden="true"
          viewBox="0 0 100 100"
          preserveAspectRatio="none"
          className="absolute inset-0 h-full w-full overflow-visible"
        >
          {levels.map((price) => (
            <line
              key={price}
              x1="0"
              x2="100"
              y1={y(price)}
              y2={y(price)}
              className="stroke-base-content/15"
              strokeDasharray="4 4"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          <path d={`${line} V100 H0 Z`} className="fill-primary/10" />
          <path
            d={line}
            fill="none"
            className="stroke-primary"
            strokeWidth="2.5"
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
        {points.map((point, i) => (
          <span
            key={point.at}
            className={`absolute -translate-x-1/2 -translate-y-1/2 rounded-full bg-primary ring-base-100 ${
              i === points.length - 1 ? 'size-3.5 ring-4' : 'size-2.5 ring-2'
            }`}
            style={{ left: `${point.x}%`, top: `${point.y}%` }}
          />
        ))}
      </div>
      <div className="col-start-2 mt-2 flex justify-between text-xs text-base-content/70">
        <LocalDate value={history[0]?.changedAt ?? ''} />
        <span>Today</span>
      </div>
    </div>
  );
}

function PriceTable({ history, earlierChanges }: { history: PricePoint[]; earlierChanges: number }) {
  const [listed, ...changes] = history.map((point, i) => ({
    ...point,
    // The first change shown follows one left out when there are any: its change is not known here.
    previous: i === 1 && earlierChanges > 0 ? null : history[i - 1]?.askingPrice,
  }));
  const rows = changes.reverse();
  return (
    <div className="mt-5 overflow-x-auto">
      <table className="table table-sm">
        <caption className="sr-only">Asking prices of this car, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col" className="text-right">
              Asking price
            </th>
            <th scope="col" className="text-right">
              Change
            </th>
          </tr>
        </thead>
        <tbody>
          {[...rows, ...(listed ? [listed] : [])].map((row) => (
            <Fragment key={row.changedAt}>
              {row === listed && earlierChanges > 0 ? (
                <tr>
                  <td colSpan={3} className="text-base-content/70">
                    {earlierChanges} earlier {earlierChanges === 1 ? 'change' : 'changes'} not shown
                  </td>
                </tr>
              ) : null}
              <tr>
                <td className="whitespace-nowrap">
                  <LocalDate value={row.changedAt} />
                </td>
                <td className="text-right font-semibold tabular-nums">{formatMoney(row.askingPrice)}</td>
                <td className="text-right whitespace-nowrap tabular-nums">
                  <PriceChange price={row.askingPrice} previous={row.previous} />
                </td>
              </tr>
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** `previous`: the price before this one; undefined for the listing price, null when left out. */
function PriceChange({ price, previous }: { price: number; previous: number | null | undefined }) {
  if (previous === undefined) return <span className="text-base-content/70">Listed</span>;
  if (previous === null) return <span className="text-base-content/70">Changed</span>;
  const change = price - previous;
  const percent = <span className="hidden font-normal sm:inline"> ({percentOf(change, previous)})</span>;
  return change < 0 ? (
    <span className="font-semibold text-success">
      −{formatMoney(-change)}
      {percent}
    </span>
  ) : (
    <span className="text-base-content/70">
      +{formatMoney(change)}
      {percent}
    </span>
  );
}
