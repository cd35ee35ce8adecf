import { describe, expect, it } from 'vitest';
import { centsText, readCents, readNumber } from './number-text.ts';

describe('readNumber', () => {
  it('reads a number as it is written, its sign and decimals included', () => {
    expect(readNumber('12500')).toBe(12_500);
    expect(readNumber(' 12,500 ')).toBe(12_500);
    expect(readNumber('-5')).toBe(-5);
    expect(readNumber('12.5')).toBe(12.5);
    expect(readNumber('')).toBeUndefined();
    expect(readNumber('   ')).toBeUndefined();
  });

  it('reads nothing from text that is not digits, rather than another number', () => {
    for (const text of [
      '1e3',
      '1e9',
      '0x10',
      'Infinity',
      '12a',
      '1.2.3',
      '--1',
      '+5',
      '1,23',
      '12,5000',
      '-',
      '.',
    ])
      expect(readNumber(text), text).toBeNaN();
  });
});

describe('readCents', () => {
  it('turns typed dollars into integer cents, keeping a minus sign', () => {
    expect(readCents('125,000')).toBe(12_500_000);
    expect(readCents('$ 99.99')).toBe(9999);
    expect(readCents('0.1')).toBe(10);
    expect(readCents('-1')).toBe(-100);
    expect(readCents('-$5')).toBe(-500);
    expect(readCents('')).toBeUndefined();
  });

  it('reads nothing from an exponent, letters or fractions of a cent', () => {
    for (const text of ['1e9', 'abc', '12.555', '$-5', '1 000']) expect(readCents(text), text).toBeNaN();
  });
});

it('shows cents as dollars', () => {
  expect(centsText(12_500_000)).toBe('125000');
  expect(centsText(9999)).toBe('99.99');
});
