/** A figure's trend against the same span before: "↑ 12%", "↓ 8%", "New", with its meaning for a screen reader. */
import { PREVIOUS_SPAN, trendOf } from '../utils/listing-figures.ts';

export function TrendBadge({ current, previous }: { current: number; previous: number }) {
  const trend = trendOf(current, previous);
  const base = 'inline-flex items-center gap-0.5 rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums';
  switch (trend.kind) {
    case 'up':
    case 'down': {
      const up = trend.kind === 'up';
      return (
        <span className={`${base} ${up ? 'bg-success/15 text-success' : 'bg-error/10 text-error'}`}>
          <span aria-hidden="true">{up ? '↑' : '↓'}</span>
          <span className="sr-only">{up ? 'Up' : 'Down'}</span> {trend.percent}%
          <span className="sr-only"> on {PREVIOUS_SPAN}</span>
        </span>
      );
    }
    case 'new':
      return (
        <span className={`${base} bg-info/15 text-info`}>
          New<span className="sr-only">: none in {PREVIOUS_SPAN}</span>
        </span>
      );
    case 'same':
      return (
        <span className={`${base} bg-base-200 text-base-content/70`}>
          Steady<span className="sr-only">: as many as in {PREVIOUS_SPAN}</span>
        </span>
      );
    case 'none':
      return null;
  }
}
