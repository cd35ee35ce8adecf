/**
 * A listing's funnel over the last 30 days: shown in search results, then its page viewed, then the
 * leads, and under them each kind of lead. Each step says its rate from the step before ("12% of
 * impressions"); the three steps' bars are their counts on one scale, each kind's bar its share of
 * the leads (on the steps' scale a kind would be a dot). Inline SVG drawn here (ADR 58): bars in
 * percentages of the width, rows a fixed height; the same figures in a table behind it.
 */
import { formatNumber, LEAD_COUNTS, type ListingCount, type ListingCounts } from '@redline/shared';
import { ChartData, ChartSvg } from '../../../components/ui/chart.tsx';
import { COUNT_LABELS, countText, leadsOf } from '../utils/listing-figures.ts';

interface Step {
  key: ListingCount | 'leads';
  label: string;
  count: number;
  /** The rate from the step before, in words; null for the first. */
  rate: string | null;
  /** A kind of lead, drawn under the leads, thinner. */
  kind: boolean;
  /** Its bar's colour: the page's steps in the primary colour, the leads in the info colour. */
  fill: string;
}

/** "12% of impressions", "under 1% of views"; a dash when the step before counted nothing. */
function rateOf(count: number, before: number, beforeName: string): string {
  if (before === 0) return '—';
  const percent = (count / before) * 100;
  const shown = percent > 0 && percent < 1 ? 'under 1%' : `${Math.round(percent)}%`;
  return `${shown} of ${beforeName}`;
}

function stepsOf(totals: ListingCounts): Step[] {
  const leads = leadsOf(totals);
  return [
    {
      key: 'impressions',
      label: COUNT_LABELS.impressions,
      count: totals.impressions,
      rate: null,
      kind: false,
      fill: 'fill-primary/45',
    },
    {
      key: 'views',
      label: COUNT_LABELS.views,
      count: totals.views,
      rate: rateOf(totals.views, totals.impressions, 'impressions'),
      kind: false,
      fill: 'fill-primary',
    },
    {
      key: 'leads',
      label: 'Leads',
      count: leads,
      rate: rateOf(leads, totals.views, 'views'),
      kind: false,
      fill: 'fill-info',
    },
    ...LEAD_COUNTS.map(
      (count): Step => ({
        key: count,
        label: COUNT_LABELS[count],
        count: totals[count],
        rate: rateOf(totals[count], leads, 'leads'),
        kind: true,
        fill: 'fill-info/55',
      }),
    ),
  ];
}

/** Each row's height in pixels, and its bar's, for the three steps and the kinds of lead. */
const ROW = { step: 56, kind: 42 };
const BAR = { step: 14, kind: 8 };

export function FunnelChart({ totals }: { totals: ListingCounts }) {
  const steps = stepsOf(totals);
  const scale = Math.max(1, ...steps.filter((step) => !step.kind).map((step) => step.count));
  const leadCount = steps[2]!.count;
  const tops = steps.map((_, i) =>
    steps.slice(0, i).reduce((sum, s) => sum + (s.kind ? ROW.kind : ROW.step), 0),
  );
  const height = tops.at(-1)! + ROW.kind;
  const [impressions, views, leads] = steps;

  return (
    <figure>
      <ChartSvg
        title="From search results to leads"
        description={`Shown in search ${formatNumber(impressions!.count)} times; ${formatNumber(views!.count)} page views, ${views!.rate}; ${formatNumber(leads!.count)} leads, ${leads!.rate}: ${steps
          .flatMap((step) => (step.key === 'leads' || !step.kind ? [] : [countText(step.key, step.count)]))
          .join(', ')}. The table after the chart lists every step.`}
        width="100%"
        height={height}
        className="block overflow-visible text-sm"
        data-testid="funnel-chart"
      >
        {steps.map((step, i) => {
          const top = tops[i]!;
          const bar = step.kind ? BAR.kind : BAR.step;
          const width =
            step.count === 0 ? 0 : Math.max((step.count / (step.kind ? leadCount : scale)) * 100, 0.75);
          return (
            <g key={step.key} data-testid={`funnel-${step.key}`}>
              <text
                x="0"
                y={top + 16}
                dx={step.kind ? 14 : 0}
                className={step.kind ? 'fill-base-content/75 text-xs' : 'fill-base-content font-medium'}
              >
                {step.label}
              </text>
              <text x="100%" y={top + 16} textAnchor="end" className={step.kind ? 'text-xs' : undefined}>
                <tspan className="fill-base-content font-semibold tabular-nums">
                  {formatNumber(step.count)}
                </tspan>
                {step.rate ? (
                  <tspan dx="6" className="fill-base-content/65 text-xs">
                    {step.rate}
                  </tspan>
                ) : null}
              </text>
              <rect x="0" y={top + 24} width="100%" height={bar} rx={bar / 2} className="fill-base-200" />
              {width > 0 ? (
                <rect
                  x="0"
                  y={top + 24}
                  width={`${width}%`}
                  height={bar}
                  rx={bar / 2}
                  className={step.fill}
                />
              ) : null}
            </g>
          );
        })}
      </ChartSvg>
      <ChartData>
        <table className="table table-sm">
          <caption className="sr-only">The listing's funnel, step by step</caption>
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col" className="text-right">
                Count
              </th>
              <th scope="col">Rate</th>
            </tr>
          </thead>
          <tbody>
            {steps.map((step) => (
              <tr key={step.key}>
                <th scope="row" className={step.kind ? 'pl-6 font-normal' : 'font-normal'}>
                  {step.label}
                </th>
                <td className="text-right tabular-nums">{formatNumber(step.count)}</td>
                <td>{step.rate ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ChartData>
    </figure>
  );
}
