import { describe, expect, it } from 'vitest';
import {
  VIN_CHARACTERS_MESSAGE,
  VIN_CHECK_DIGIT_MESSAGE,
  VIN_LENGTH_MESSAGE,
  vinCheckDigit,
  vinProblem,
} from './vin.ts';

describe('the VIN rules', () => {
  it('compute the check digit of 49 CFR 565, 10 written X', () => {
    expect(vinCheckDigit('1HGCM82633A004352')).toBe('3');
    // Wikipedia's example of a North American VIN, whose check digit is X.
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(vinCheckDigit('11111111111111111')).toBe('1');
  });

  it('check the check digit of North American WMIs only', () => {
    expect(vinProblem('1M8GDM9AXKP042788', 1989)).toBeUndefined();
    expect(vinProblem('1M8GDM9A1KP042788', 1989)).toBe(VIN_CHECK_DIGIT_MESSAGE);
    expect(vinProblem('5YJ3E1EA7KF317000', 2019)).toBe(VIN_CHECK_DIGIT_MESSAGE);
    // A European car for Europe: any character at position 9.
    expect(vinProblem('WVWZZZ1JZ3W386752', 2003)).toBeUndefined();
  });

  it('want 17 characters without I, O, Q from 1981 on, and take any chassis number before', () => {
    expect(vinProblem('911-300123', 1981)).toBe(VIN_LENGTH_MESSAGE);
    expect(vinProblem('911-300123', 1980)).toBeUndefined();
    expect(vinProblem('WVWZZZ1JZ3W38675Q', 2003)).toBe(VIN_CHARACTERS_MESSAGE);
  });
});
