import { DEAL_RATING_LABELS, type DealRating, formatMoney, type MarketValue } from '@redline/shared';

/** Each rating's colours: daisyUI's theme colours, so that the badge reads in the light and the dark theme. */
const RATING_CLASSES: Record<DealRating, string> = {
  great: 'badge-success',
  good: 'badge-success badge-soft',
  fair: 'badge-info badge-soft',
  // Solid: the soft warning's amber text on its tint is below WCAG AA contrast in the light theme.
  high: 'badge-warning',
  overpriced: 'badge-error badge-soft',
  none: 'badge-ghost',
};

/** The badge classes of a rating, wherever it shows. */
export const ratingBadgeClass = (rating: DealRating) => RATING_CLASSES[rating];

/** What a badge shows of a value: a car's stored one, or an estimate with the rating of a price tried against it. */
export type RatedValue = Pick<MarketValue, 'rating' | 'estimate' | 'low' | 'high' | 'comparables'>;

/** The estimate, its range and what it stands on, as a sentence. */
function valueSentence(value: RatedValue): string {
  const cars = `${value.comparables} comparable ${value.comparables === 1 ? 'car' : 'cars'}`;
  if (value.estimate === null) return `Too few comparable cars to estimate its market value (${cars}).`;
  return `Estimated market value ${formatMoney(value.estimate)}, most between ${formatMoney(value.low!)} and ${formatMoney(value.high!)}, from ${cars}.`;
}

type DealRatingBadgeProps = {
  rating: DealRating;
  /** The market value behind it (the car's page): its estimate and range are told after the rating. */
  value?: RatedValue;
  /** Smaller, beside a card's price. */
  compact?: boolean;
};

/**
 * The deal rating beside a car's price: its label shown, read as "Deal rating: …", with the estimate
 * and range after it when given, which a pointer sees as the badge's tooltip.
 */
export function DealRatingBadge({ rating, value, compact = false }: DealRatingBadgeProps) {
  const sentence = value && valueSentence(value);
  return (
    <span
      title={sentence}
      className={`badge font-semibold whitespace-nowrap ${compact ? 'badge-sm' : ''} ${ratingBadgeClass(rating)}`}
    >
      <span className="sr-only">Deal rating: </span>
      {DEAL_RATING_LABELS[rating]}
      {sentence ? <span className="sr-only">. {sentence}</span> : null}
    </span>
  );
}
