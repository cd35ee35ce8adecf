/**
 * Views and leads per day: a bar a day for the page views, a line over them for the leads (saves,
 * messages, offers and test drives), on one count axis. Inline SVG in percentages of the plot (ADR 58),
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

export function DailyChart({ days }: { days: ListingDay[] }) {
  const leads = days.map(leadsOf);
  const ticks = countTicks(Math.max(0, ...days.map((day) => day.views), ...leads));
  const top = ticks.at(-1)!;
  const y = (value: number) => `${100 - (value / top) * 100}%`;
  const slot = 100 / days.length;
  // The leads' line in a 100 × 100 box stretched over the plot, through the middle of each day's slot.
  const line = leads
    .map((n, i) => `${i === 0 ? 'M' : 'L'}${(i + 0.5) * slot} ${100 - (n / top) * 100}`)
    .join(' ');
  const last = days.length - 1;

  return (
    <figure>
      <ChartSvg
        title="Page views and leads per day"
        description={description(days, leads)}
        width="100%"
        className="block h-56 overflow-visible pt-3 pr-2 pb-7 pl-9 text-xs sm:h-64"
        data-testid="daily-chart"
      >
        <g className="fill-base-content/70">
          <ValueAxis ticks={ticks} y={y} />
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
        <g className="fill-primary/80" data-testid="daily-chart-views">
          {days.map((day, i) =>
            day.views > 0 ? (
              <rect
                key={day.day}
                x={`${(i + 0.15) * slot}%`}
                width={`${slot * 0.7}%`}
                y={y(day.views)}
                height={`${(day.views / top) * 100}%`}
                rx="2"
              >
                {/* One string: the server writes a <title>'s text only when it is one. */}
                <title>{`${dayLabel(day.day)}: ${formatNumber(day.views)} views`}</title>
              </rect>
            ) : null,
          )}
        </g>
        <line x1="0" x2="100%" y1="100%" y2="100%" className="stroke-base-content/30" />
        <svg
          viewBox="0 0 100 100"
          preserveAspectRatio="none"
          width="100%"
          height="100%"
          className="overflow-visible"
          aria-hidden="true"
        >
          <path
            d={line}
            fill="none"
            className="stroke-info"
            strokeWidth="2.5"
            strokeLinejoin="round"
            strokeLinecap="round"
            vectorEffect="non-scaling-stroke"
            data-testid="daily-chart-leads"
          />
        </svg>
        {leads.map((n, i) =>
          n > 0 ? (
            <circle
              key={days[i]!.day}
              cx={`${(i + 0.5) * slot}%`}
              cy={y(n)}
              r="3"
              className="fill-info stroke-base-100"
              strokeWidth="1.5"
            />
          ) : null,
        )}
      </ChartSvg>
      <figcaption className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-base-content/75">
        <LegendEntry mark="size-3 rounded-sm bg-primary/80">Page views</LegendEntry>
        <LegendEntry mark="h-0.5 w-4 rounded-full bg-info">
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
