/**
 * A car's VIN (ISO 3779, 17 characters from model year 1981 on) or an older car's chassis number:
 * one field, upper case, without spaces.
 */
import { z } from 'zod';
import { CHASSIS_NUMBER_MAX } from './constants.ts';

export const vinSchema = z
  .string({ error: 'VIN must be text' })
  .transform((text) => text.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, 'VIN is required')
      .max(CHASSIS_NUMBER_MAX, `At most ${CHASSIS_NUMBER_MAX} characters`)
      .regex(/^[A-Z0-9-]+$/, 'A VIN has letters and digits only'),
  );

/** The value of each letter in the check-digit sum, beside it (49 CFR 565.15); a digit counts as itself. */
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const LETTER_VALUES = '12345678123457923456789';
/** The weight of each position; the 9th, the check digit itself, weighs nothing. */
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The check digit a 17-character VIN should carry at position 9: the weighted sum modulo 11, 10 being X. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (const [index, character] of [...vin].entries())
    sum += Number(LETTER_VALUES[LETTERS.indexOf(character)] ?? character) * (WEIGHTS[index] ?? 0);
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** The model-year characters of position 10, a 30-year cycle from 1980's A (no I, O, Q, U, Z or 0). */
const YEAR_CHARACTERS = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/** The character at position 10 of the VIN of a car of this model year (from 1980 on). */
export const vinYearCharacter = (year: number): string => YEAR_CHARACTERS[(year - 1980) % 30]!;
