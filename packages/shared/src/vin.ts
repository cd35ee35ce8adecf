/**
 * A car's VIN (ISO 3779, 17 characters from model year 1981 on) or an older car's chassis number:
 * one field, upper case, without spaces. docs/catalogue.md, section "VIN", says which VINs carry a
 * check digit that is checked and why.
 */
import { z } from 'zod';
import { CHASSIS_NUMBER_MAX, VIN_FROM_YEAR, VIN_LENGTH } from './constants.ts';

export const VIN_LENGTH_MESSAGE = `A VIN has ${VIN_LENGTH} characters; for a car before ${VIN_FROM_YEAR}, enter its chassis number`;
export const VIN_CHARACTERS_MESSAGE = 'A VIN has the letters A to Z but I, O and Q, and the digits 0 to 9';
export const VIN_CHECK_DIGIT_MESSAGE = "The VIN's check digit does not match: check each character";
export const NOT_A_VIN_MESSAGE = `Not a VIN: chassis numbers are not decoded (a VIN has ${VIN_LENGTH} characters, from ${VIN_FROM_YEAR} on)`;

/** What a person may type, spaces included. */
const VIN_TYPED_MAX = 40;

/** Upper case without spaces: what is stored, compared and decoded. */
const normalised = z
  .string({ error: 'VIN must be text' })
  .max(VIN_TYPED_MAX, `At most ${CHASSIS_NUMBER_MAX} characters`)
  .transform((text) => text.replace(/\s+/g, '').toUpperCase());

/** The field as a seller fills it in: a VIN or a chassis number, the year deciding which (`vinProblem`). */
export const vinSchema = normalised.pipe(
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

/**
 * The check digit is mandatory only for the vehicles of the North American standards (49 CFR 565 in
 * the United States, CMVSS 115 in Canada), whose makers hold the WMIs that start with 1 to 5. A VIN of
 * another region may carry one (a European car built for the United States does) or may not (the
 * same maker's cars for Europe carry any character there), and the VIN does not say which: those are
 * not checked.
 */
const hasMandatoryCheckDigit = (vin: string) => /^[1-5]/.test(vin);

/**
 * What is wrong with a normalised VIN of a car of `year` (unknown: taken as a VIN), or nothing. A
 * car from VIN_FROM_YEAR on has a 17-character VIN; an older car's chassis number is free text.
 */
export function vinProblem(vin: string, year: number | undefined): string | undefined {
  if (year !== undefined && year < VIN_FROM_YEAR) return undefined;
  if (vin.length !== VIN_LENGTH) return VIN_LENGTH_MESSAGE;
  if (!/^[A-HJ-NPR-Z0-9]+$/.test(vin)) return VIN_CHARACTERS_MESSAGE;
  if (hasMandatoryCheckDigit(vin) && vin[8] !== vinCheckDigit(vin)) return VIN_CHECK_DIGIT_MESSAGE;
  return undefined;
}

/**
 * The VIN right for the year: checked whenever both are themselves valid, like withPricesInOrder
 * (cars.ts); an edit that changes one is checked against the other as stored (cars.service.ts).
 */
export function withVinFitsYear<T extends z.ZodType<{ vin?: string | null; year?: number }>>(schema: T) {
  return schema.superRefine(
    ({ vin, year }, context) => {
      const problem = vin == null || year === undefined ? undefined : vinProblem(vin, year);
      if (problem !== undefined) context.addIssue({ code: 'custom', path: ['vin'], message: problem });
    },
    {
      when: ({ value, issues }) =>
        typeof value === 'object' &&
        value !== null &&
        !issues.some((issue) => issue.path?.[0] === 'vin' || issue.path?.[0] === 'year'),
    },
  );
}

/**
 * Path of `GET /vehicles/vin/{vin}`: a 17-character VIN, by the rules of a car from VIN_FROM_YEAR
 * on; a chassis number is refused (it is never decoded).
 */
export const vinParamsSchema = z.object({
  vin: normalised.superRefine((vin, context) => {
    const problem = vin.length === VIN_LENGTH ? vinProblem(vin, undefined) : NOT_A_VIN_MESSAGE;
    if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
  }),
});
