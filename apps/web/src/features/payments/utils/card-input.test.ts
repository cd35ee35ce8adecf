import { describe, expect, it } from 'vitest';
import { caretAfterDigits, formatCardNumber, formatExpiry, parseExpiry } from './card-input.ts';

describe('card input formatting', () => {
  it('groups the card number in fours as it is typed, up to 19 digits', () => {
    expect(formatCardNumber('4')).toBe('4');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42abc42')).toBe('4242 4242 4242');
    expect(formatCardNumber('1234567890123456789999')).toBe('1234 5678 9012 3456 789');
  });

  it('writes the expiry as MM/YY and pads a month that can only have one digit', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/34')).toBe('12/34');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('12345')).toBe('12/34');
  });

  it('reads MM/YY and MM/YYYY, and nothing else', () => {
    expect(parseExpiry('12/34')).toEqual({ month: 12, year: 34 });
    expect(parseExpiry(' 4 / 2031 ')).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry('1234')).toBeUndefined();
    expect(parseExpiry('12/3')).toBeUndefined();
  });

  it('puts the caret back after the same digit', () => {
    expect(caretAfterDigits('4242 4242', 4)).toBe(4);
    expect(caretAfterDigits('4242 4242', 5)).toBe(6);
    expect(caretAfterDigits('4242 4242', 0)).toBe(0);
    expect(caretAfterDigits('4242', 9)).toBe(4);
  });
});
