/**
 * A listing's page views a day as a small line, beside its figures in the list. Drawn in a stretched
 * 100 × 100 box (its line keeps its width); its title and description say what the line shows, the
 * figures beside it say the numbers.
 */
import { formatNumber } from '@redline/shared';
import { ChartSvg } from '../../../components/ui/chart.tsx';

export function Sparkline({ values }: { values: number[] }) {
  const high = Math.max(1, ...values);
  const step = 100 / Math.max(1, values.length - 1);
  // Inset by 4 of the 100 top and bottom, so that the line's width stays inside the box.
  const y = (value: number) => 96 - (value / high) * 92;
  const line = values.map((value, i) => `${i === 0 ? 'M' : 'L'}${i * step} ${y(value)}`).join(' ');
  const total = values.reduce((sum, value) => sum + value, 0);
  return (
    <ChartSvg
      title={`Page views a day, last ${values.length} days`}
      description={`${formatNumber(total)} in all, at most ${formatNumber(Math.max(0, ...values))} in a day; ${formatNumber(values.at(-1) ?? 0)} today.`}
      viewBox="0 0 100 100"
      preserveAspectRatio="none"
      className="h-10 w-full min-w-24 overflow-visible"
      data-testid="sparkline"
    >
      <path d={`${line} L100 100 L0 100 Z`} className="fill-primary/10" />
      <path
        d={line}
        fill="none"
        className="stroke-primary"
        strokeWidth="1.75"
        strokeLinejoin="round"
        vectorEffect="non-scaling-stroke"
      />
    </ChartSvg>
  );
}
