/** How the reviews' figures read: ratings to one decimal, counts in words. */
import { formatNumber } from '@redline/shared';

/** "4.6", "4": a rating as the pages show it, to one decimal without a trailing ".0". */
export function formatRating(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** "4.6 out of 5 stars": what a row of stars says to a screen reader. */
export function starsLabel(value: number): string {
  return `${formatRating(value)} out of 5 ${value === 1 ? 'star' : 'stars'}`;
}

/** "1 review", "12 reviews". */
export function reviewCount(count: number): string {
  return `${formatNumber(count)} ${count === 1 ? 'review' : 'reviews'}`;
}

/** How much of each of the five stars a rating fills, 0 to 1: 3.5 fills three and half of the fourth. */
export function starFills(value: number): number[] {
  return [0, 1, 2, 3, 4].map((index) => Math.min(1, Math.max(0, value - index)));
}

/** What each number of stars means, as the star input says it beside the stars. */
export const STAR_WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;
