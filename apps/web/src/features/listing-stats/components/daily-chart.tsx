/**
 * Views and leads per day: a bar a day for the page views, and under them a bar a day for the leads
 * (saves, messages, offers and test drives) on their own count axis: leads are a few where views are
 * hundreds, and on one axis they lay flat on the floor. Inline SVG in percentages of the plot (ADR 58),
 * rendered by the server; a phone shows a day label every six days, a wider screen every three. A screen reader
 * reads its description and the table of the same days behind it.
 */
import { formatDate, formatNumber, type ListingDay } from '@redline/shared';
import { ChartData, ChartSvg, countTicks, LegendEntry, ValueAxis } from '../../../components/ui/chart.tsx';
import { leadsOf } from '../utils/listing-figures.ts';

/** A day's label on the axis and in the table: "Nov 3". */
const dayLabel = (day: string) => formatDate(day, 'day', 'UTC');

/** A day label every this many days back from the last on wider screens; every other one of them on a phone. */
const LABEL_EVERY = 3;

function description(days: ListingDay[], leads: number[]): string {
  const views = days.reduce((sum, day) => sum + day.views, 0);
  const leadsInAll = leads.reduce((sum, n) => sum + n, 0);
  if (views === 0 && leadsInAll === 0) return `No page views or leads in the ${days.length} days shown.`;
  const busiest = days.reduce((best, day) => (day.views > best.views ? day : best));
  return `${formatNumber(views)} page ${views === 1 ? 'view' : 'views'} and ${formatNumber(leadsInAll)} ${leadsInAll === 1 ? 'lead' : 'leads'} over ${days.length} days, from ${dayLabel(days[0]!.day)} to ${dayLabel(days.at(-1)!.day)}; the most views in a day, ${formatNumber(busiest.views)}, on ${dayLabel(busiest.day)}. The table after the chart lists every day.`;
}

/** The panels' share of the plot's height: the views above, the leads (fewer, on their own scale) below. */
const VIEWS_PANEL = 60;
const LEADS_PANEL = 24;

/**
 * One panel of bars, a bar a day with a count, on its own count axis: a nested `<svg>` whose
 * percentages are of the panel (`y` and `height`, percentages of the plot).
 */
function DayBars({
  days,
  values,
  ticks,
  y,
  height,
  unit,
  className,
  testId,
}: {
  days: ListingDay[];
  values: number[];
  ticks: number[];
  y: number;
  height: number;
  unit: [one: string, many: string];
  className: string;
  testId: string;
}) {
  const none = values.every((value) => value === 0);
  const top = ticks.at(-1)!;
  const at = (value: number) => `${100 - (value / top) * 100}%`;
  const slot = 100 / days.length;
  return (
    <svg y={`${y}%`} height={`${height}%`} width="100%" className="overflow-visible" aria-hidden="true">
      <g className="fill-base-content/70">
        <ValueAxis ticks={ticks} y={at} />
      </g>
      <g className={className} data-testid={testId}>
        {values.map((value, i) =>
          value > 0 ? (
            <rect
              key={days[i]!.day}
              x={`${(i + 0.15) * slot}%`}
              width={`${slot * 0.7}%`}
              y={at(value)}
              height={`${(value / top) * 100}%`}
              rx="2"
            >
              {/* One string: the server writes a <title>'s text only when it is one. */}
              <title>{`${dayLabel(days[i]!.day)}: ${formatNumber(value)} ${value === 1 ? unit[0] : unit[1]}`}</title>
            </rect>
          ) : null,
        )}
      </g>
      <line x1="0" x2="100%" y1="100%" y2="100%" className="stroke-base-content/30" />
      {none ? (
        <text x="50%" y="50%" dy="4" textAnchor="middle" className="fill-base-content/60">
          {`No ${unit[1]} in these days`}
        </text>
      ) : null}
    </svg>
  );
}

export function DailyChart({ days }: { days: ListingDay[] }) {
  const views = days.map((day) => day.views);
  const leads = days.map(leadsOf);
  // The leads' panel is short: its axis names only its top, beside 0.
  const leadTicks = countTicks(Math.max(0, ...leads));
  const slot = 100 / days.length;
  const last = days.length - 1;

  return (
    <figure>
      <ChartSvg
        title="Page views and leads per day"
        description={description(days, leads)}
        width="100%"
        className="block h-64 overflow-visible pt-3 pr-2 pb-7 pl-9 text-xs sm:h-72"
        data-testid="daily-chart"
      >
        <DayBars
          days={days}
          values={views}
          ticks={countTicks(Math.max(0, ...views))}
          y={0}
          height={VIEWS_PANEL}
          unit={['view', 'views']}
          className="fill-primary/80"
          testId="daily-chart-views"
        />
        <DayBars
          days={days}
          values={leads}
          ticks={[0, leadTicks.at(-1)!]}
          y={100 - LEADS_PANEL}
          height={LEADS_PANEL}
          unit={['lead', 'leads']}
          className="fill-info"
          testId="daily-chart-leads"
        />
        <g className="fill-base-content/70">
          {days.map((day, i) => {
            const back = last - i;
            if (back % LABEL_EVERY !== 0) return null;
            return (
              <text
                key={day.day}
                x={`${(i + 0.5) * slot}%`}
                y="100%"
                dy="18"
                textAnchor="middle"
                className={back % (2 * LABEL_EVERY) === 0 ? undefined : 'hidden sm:inline'}
              >
                {dayLabel(day.day)}
              </text>
            );
          })}
        </g>
      </ChartSvg>
      <figcaption className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-base-content/75">
        <LegendEntry mark="size-3 rounded-sm bg-primary/80">Page views</LegendEntry>
        <LegendEntry mark="size-3 rounded-sm bg-info">
          Leads: saves, messages, offers and test drives
        </LegendEntry>
      </figcaption>
      <ChartData>
        <table className="table table-sm">
          <caption className="sr-only">Page views and leads each day, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" className="text-right">
                Shown in search
              </th>
              <th scope="col" className="text-right">
                Page views
              </th>
              <th scope="col" className="text-right">
                Leads
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day, i) => (
              <tr key={day.day}>
                <th scope="row" className="font-normal whitespace-nowrap">
                  {dayLabel(day.day)}
                </th>
                <td className="text-right tabular-nums">{formatNumber(day.impressions)}</td>
                <td className="text-right tabular-nums">{formatNumber(day.views)}</td>
                <td className="text-right tabular-nums">{formatNumber(leads[i]!)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ChartData>
    </figure>
  );
}
