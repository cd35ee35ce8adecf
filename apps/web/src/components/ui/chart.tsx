/**
 * What the hand-written SVG charts share (ADR 58): round ticks, the value axis with its grid lines,
 * and the table of a chart's data behind it. A chart's coordinates are percentages of its plot, whose
 * margins are the `<svg>`'s CSS padding; its labels are pixel offsets from them.
 */
import { formatNumber } from '@redline/shared';
import { type ReactNode, type SVGProps, useId } from 'react';

/** About this many gaps between an axis's ticks. */
const TICK_GAPS = 4;

/**
 * A chart's `<svg>`, an image to a screen reader, named by its title and read as its description.
 * Both are single strings: the server writes the text of a `<title>` only when it is one, and the
 * page would not hydrate as it was sent.
 */
export function ChartSvg({
  title,
  description,
  children,
  ...svg
}: { title: string; description: string; children: ReactNode } & SVGProps<SVGSVGElement>) {
  const id = useId();
  return (
    <svg role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`} {...svg}>
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {children}
    </svg>
  );
}

/** Ticks at round values (1, 2, 2.5 or 5 times a power of ten apart) covering `low` to `high`. */
export function niceTicks(low: number, high: number): number[] {
  const span = high - low || Math.abs(high) || 1;
  const rough = span / TICK_GAPS;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * power >= rough) ?? 10) * power;
  const first = Math.floor(low / step) * step;
  const ticks: number[] = [];
  for (let tick = first; tick < high + step; tick += step) {
    ticks.push(tick);
    if (tick >= high) break;
  }
  return ticks;
}

/**
 * Ticks of a count from 0 to at least `high`, whole numbers only (no "2.5 views"): the round ticks up
 * to at least 4, those between whole numbers left out.
 */
export function countTicks(high: number): number[] {
  return niceTicks(0, Math.max(high, 4)).filter(Number.isInteger);
}

/**
 * The value axis: a grid line across the plot at each tick, its label left of the plot. `y` places a
 * value, as a percentage of the plot's height.
 */
export function ValueAxis({
  ticks,
  y,
  format = formatNumber,
}: {
  ticks: number[];
  y: (value: number) => string;
  format?: (value: number) => string;
}) {
  return ticks.map((tick) => (
    <g key={tick}>
      <line x1="0" x2="100%" y1={y(tick)} y2={y(tick)} className="stroke-base-content/10" />
      <text x="0" dx="-8" y={y(tick)} dy="4" textAnchor="end" className="tabular-nums">
        {format(tick)}
      </text>
    </g>
  ));
}

/** Behind a chart: its data as a table, folded away (a screen reader reads it as it is). */
export function ChartData({ children }: { children: ReactNode }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium link link-hover w-fit">
        The chart's data as a table
      </summary>
      <div className="mt-2 overflow-x-auto">{children}</div>
    </details>
  );
}

/** A legend's entry: its mark (a swatch's classes) and its words. */
export function LegendEntry({ mark, children }: { mark: string; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span aria-hidden="true" className={`inline-block shrink-0 ${mark}`} />
      {children}
    </span>
  );
}
