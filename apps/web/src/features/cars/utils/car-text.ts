/** How a car reads on screen: the about preview, the saving, distances and speeds. */
import { ABOUT_PREVIEW_LENGTH, formatNumber } from '@redline/shared';

/** The first 100 characters of `about` followed by an ellipsis (spec section 9); short texts stay whole. */
export function aboutPreview(about: string): string {
  const text = about.trim();
  return text.length > ABOUT_PREVIEW_LENGTH ? `${text.slice(0, ABOUT_PREVIEW_LENGTH)}…` : text;
}

/**
 * What the buyer saves against the original price, or null when the asking price is not lower: then
 * the original price is shown plainly, never struck through as if it were a discount.
 */
export function priceSaving(car: { askingPrice: number; originalPrice: number }) {
  const amount = car.originalPrice - car.askingPrice;
  if (amount <= 0) return null;
  return { amount, percent: Math.round((amount / car.originalPrice) * 100) };
}

export function formatKm(km: number): string {
  return `${formatNumber(km)} km`;
}

export function formatTopSpeed(kmph: number): string {
  return `${formatNumber(kmph)} kmph`;
}

/** Dollars as typed ("12,500.5") to integer cents; `undefined` when empty or not a number. */
export function dollarsToCents(input: string): number | undefined {
  const cleaned = input.replace(/[\s,$]/g, '');
  if (cleaned === '') return undefined;
  const dollars = Number(cleaned);
  return Number.isFinite(dollars) ? Math.round(dollars * 100) : Number.NaN;
}

/** Integer cents as a plain dollar amount for an input ("12500" or "12500.50"). */
export function centsToDollars(cents: number | undefined): string {
  if (cents === undefined || !Number.isFinite(cents)) return '';
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}
