import { describe, expect, it } from 'vitest';
import { aboutPreview, centsToDollars, dollarsToCents, formatKm } from './car-text.ts';

describe('aboutPreview', () => {
  it('keeps the first 100 characters and adds an ellipsis', () => {
    const about = `${'x'.repeat(99)}yz and more`;
    expect(aboutPreview(about)).toBe(`${'x'.repeat(99)}y…`);
  });

  it('leaves a short text whole', () => {
    expect(aboutPreview('  One owner.  ')).toBe('One owner.');
  });
});

describe('money in the form', () => {
  it('turns typed dollars into integer cents', () => {
    expect(dollarsToCents('125,000')).toBe(12_500_000);
    expect(dollarsToCents('$ 99.99')).toBe(9999);
    expect(dollarsToCents('0.1')).toBe(10);
    expect(dollarsToCents('')).toBeUndefined();
    expect(dollarsToCents('abc')).toBeNaN();
  });

  it('shows cents as dollars', () => {
    expect(centsToDollars(12_500_000)).toBe('125000');
    expect(centsToDollars(9999)).toBe('99.99');
    expect(centsToDollars(undefined)).toBe('');
  });
});

it('formats distances with thousands separators', () => {
  expect(formatKm(12500)).toBe('12,500 km');
});
